export const HEADER_HIDE_AFTER_PX = 50;
export const BACK_TO_TOP_AFTER_PX = 200;

/** Shown near the top or while scrolling up; hidden while scrolling down. */
export function headerVisible(previousY: number, y: number, wasVisible: boolean): boolean {
  if (y <= HEADER_HIDE_AFTER_PX) return true;
  if (y < previousY) return true;
  if (y > previousY) return false;
  return wasVisible;
}

export function backToTopVisible(y: number): boolean {
  return y > BACK_TO_TOP_AFTER_PX;
}
