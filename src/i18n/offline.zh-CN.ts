/**
 * The words of offline reading, apart from zh-CN.ts, whose strings every page's scripts carry: the
 * header's mark, the offline page and 离线保存. The one line the parts that need the network show is
 * in needsNetwork.zh-CN.ts, with those parts' scripts.
 */
/** The offline page and 离线保存. */
export const offlineText = {
  /** The header's mark while the reader has no network. */
  mark: '离线',
  pageTitle: '离线可读',
  offlineNow: '现在没有网络，这一页还没有读过，所以打不开。',
  onlineNow: '现在网络正常。下面是这台设备上离线也能打开的页面。',
  readable: '读过的页面',
  saved: '离线保存的文章',
  none: '还没有离线可读的页面：联网时打开的文章会留在这里。',
  noneSaved: '还没有离线保存的文章：在文章页点「离线保存」。',
  unsupported: '这个浏览器不支持离线阅读',
  save: '离线保存',
  saving: '正在保存…',
  savedDone: '已离线保存',
  saveFailed: '保存失败，请检查网络后再试',
  savedList: '离线列表',
  remove: '移除',
  removeOne: (title: string) => `从离线保存中移除「${title}」`,
};
