/**
 * What the demo library holds: four playlists of short original tunes, with lyrics to match, and
 * a fifth of 36 snippets of a second or two, long enough to need a second page in the player.
 * Playlists are listed by their names' pinyin and the player opens the fourth, so the snippets'
 * name (走马灯) sorts after the four songs' (周末咖啡馆 stays the fourth).
 */

export interface DemoTrack {
  file: string;
  title: string;
  /** Left out on purpose for one track, so the player's 歌手走丢了 fallback is exercised. */
  artist?: string;
  seed: number;
  seconds: number;
}

export interface DemoPlaylist {
  folder: string;
  album: string;
  cover: {
    from: [number, number, number];
    to: [number, number, number];
    shape: 'sun' | 'moon' | 'cup' | 'wave';
    ink: [number, number, number];
  };
  lyrics: string[];
  tracks: DemoTrack[];
}

export const DEMO_PLAYLISTS: DemoPlaylist[] = [
  {
    folder: '清晨散步',
    album: '晨光集',
    cover: { from: [255, 214, 165], to: [253, 160, 133], shape: 'sun', ink: [255, 248, 225] },
    lyrics: [
      '推开窗，风里有青草的味道',
      '露水挂在叶尖上闪闪发亮',
      '沿着小河慢慢往前走',
      '早起的鸟儿在枝头唱歌',
      '阳光把影子拉得很长很长',
      '豆浆和油条的香气飘过街角',
      '耳机里放着喜欢的旋律',
      '今天也要好好生活',
      '跑步的人向我点头微笑',
      '桥下的水声轻轻地响',
      '把烦恼留在昨天的梦里',
      '天空蓝得像刚洗过一样',
    ],
    tracks: [
      { file: '01-露水.wav', title: '露水', artist: '林间风', seed: 1101, seconds: 18 },
      { file: '02-小径.wav', title: '小径', artist: '林间风', seed: 1102, seconds: 20 },
      { file: '03-第一缕阳光.wav', title: '第一缕阳光', artist: '阿青', seed: 1103, seconds: 22 },
      { file: '04-早餐铺.wav', title: '早餐铺', artist: '山野小队', seed: 1104, seconds: 17 },
    ],
  },
  {
    folder: '深夜写代码',
    album: '零点编译',
    cover: { from: [30, 39, 73], to: [88, 59, 128], shape: 'moon', ink: [250, 236, 180] },
    lyrics: [
      '屏幕的光照亮了桌角',
      '又一杯咖啡见了底',
      '终端里滚过一行行日志',
      '这个 bug 藏得可真深',
      '键盘声和窗外的雨声',
      '测试终于全部变绿',
      '提交信息写得认真一点',
      '城市睡了，我还醒着',
      '再改最后一个函数就睡',
      '注释里写下明天的自己',
      '编译器没有再报错',
      '凌晨的星星陪我加班',
    ],
    tracks: [
      { file: '01-编译通过.wav', title: '编译通过', artist: '夜航船乐队', seed: 2201, seconds: 21 },
      { file: '02-台灯.wav', title: '台灯', artist: '豆子', seed: 2202, seconds: 19 },
      { file: '03-咖啡因.wav', title: '咖啡因', artist: '夜航船乐队', seed: 2203, seconds: 18 },
      { file: '04-凌晨三点.wav', title: '凌晨三点', artist: '豆子', seed: 2204, seconds: 23 },
      { file: '05-最后一个bug.wav', title: '最后一个 bug', artist: '阿青', seed: 2205, seconds: 20 },
    ],
  },
  {
    folder: '周末咖啡馆',
    album: '拿铁时光',
    cover: { from: [236, 220, 198], to: [166, 123, 91], shape: 'cup', ink: [92, 60, 40] },
    lyrics: [
      '拿铁上的拉花是一片叶子',
      '靠窗的位置晒得到太阳',
      '翻开一本没读完的书',
      '隔壁桌在小声聊着旅行',
      '雨点敲着玻璃很温柔',
      '时间在这里走得很慢',
      '肉桂卷刚刚出炉',
      '给老朋友写一张明信片',
      '猫咪在门口打了个哈欠',
      '咖啡的苦里有一点甜',
      '今天什么都不用着急',
      '傍晚的光落在杯沿',
    ],
    tracks: [
      { file: '01-拿铁.wav', title: '拿铁', artist: '半糖', seed: 3301, seconds: 19 },
      { file: '02-窗边的位置.wav', title: '窗边的位置', seed: 3302, seconds: 21 },
      { file: '03-雨天.wav', title: '雨天', artist: '半糖', seed: 3303, seconds: 18 },
      { file: '04-慢慢.wav', title: '慢慢', artist: '山野小队', seed: 3304, seconds: 22 },
    ],
  },
  {
    folder: '海边的风',
    album: '潮汐',
    cover: { from: [160, 216, 239], to: [37, 99, 160], shape: 'wave', ink: [240, 250, 255] },
    lyrics: [
      '赤脚踩在温热的沙滩上',
      '海浪一遍遍抹平脚印',
      '远处的灯塔亮了起来',
      '风把头发吹得乱乱的',
      '捡一枚带花纹的贝壳',
      '海鸥在浪尖上打转',
      '晚霞把海面染成橘色',
      '收音机里沙沙地唱',
      '潮水退去又慢慢回来',
      '把心事写在沙子上',
      '夜里的海比白天更安静',
      '明天还想来这里看看',
    ],
    tracks: [
      { file: '01-潮汐.wav', title: '潮汐', artist: '海盐汽水', seed: 4401, seconds: 16 },
      { file: '02-灯塔.wav', title: '灯塔', artist: '阿青', seed: 4402, seconds: 17 },
      { file: '03-贝壳.wav', title: '贝壳', artist: '海盐汽水', seed: 4403, seconds: 16 },
    ],
  },
];

export interface DemoSketches {
  folder: string;
  album: string;
  artist: string;
  /** One tune is synthesised from this seed and cut into the tracks, so 36 tracks cost one synthesis. */
  seed: number;
  cover: DemoPlaylist['cover'];
  lyrics: string[];
  /** One track per title, in this order. */
  titles: string[];
}

export const DEMO_SKETCHES: DemoSketches = {
  folder: '走马灯',
  album: '一瞬',
  artist: '拾光',
  seed: 5501,
  cover: { from: [128, 24, 36], to: [236, 128, 62], shape: 'sun', ink: [255, 222, 128] },
  lyrics: ['灯影转了一圈', '一眨眼就过去', '又是新的一格', '画里的人在走', '风吹动了纸灯', '时间不肯停留'],
  titles: [
    '立春',
    '雨水',
    '惊蛰',
    '春分',
    '清明',
    '谷雨',
    '立夏',
    '小满',
    '芒种',
    '夏至',
    '小暑',
    '大暑',
    '立秋',
    '处暑',
    '白露',
    '秋分',
    '寒露',
    '霜降',
    '立冬',
    '小雪',
    '大雪',
    '冬至',
    '小寒',
    '大寒',
    '子时',
    '丑时',
    '寅时',
    '卯时',
    '辰时',
    '巳时',
    '午时',
    '未时',
    '申时',
    '酉时',
    '戌时',
    '亥时',
  ],
};
