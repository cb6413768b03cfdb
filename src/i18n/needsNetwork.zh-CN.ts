/**
 * The one line a part that needs the server shows offline, instead of failing. Apart from the other
 * words so that it travels with those parts' scripts alone.
 */
export const needsNetworkText = {
  comments: '离线中：评论需要联网，恢复网络后再来留言',
  likes: '离线中：点赞需要联网',
  board: '离线中：留言板需要联网',
  music: '离线中：音乐需要联网才能播放',
};
