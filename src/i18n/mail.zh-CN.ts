/** The pages that links the site mails open, and the password the address form asks for: only their islands load these. */
export const mailText = {
  undoTitle: '换回原来的邮箱',
  undoing: '正在换回原来的邮箱…',
  undone: '已经换回原来的邮箱，所有设备都已退出登录。如果密码也可能被别人知道了，请马上用「忘记密码」重设密码。',
  goForgot: '重设密码',
  confirmGuestTitle: '确认邮箱',
  confirmingGuest: '正在确认邮箱…',
  guestConfirmed: '邮箱已确认。以后有人回复你留了这个邮箱的评论时，会发邮件提醒你。',
  goHome: '回到首页',
  password: '当前密码',
  passwordWhy: '更换或解除已验证的邮箱需要输入当前密码；原来的邮箱会收到一封可以撤销更换的邮件。',
};
