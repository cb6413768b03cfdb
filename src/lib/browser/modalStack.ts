/**
 * Which open modal is on top. Modals can stack (the lyric board over the player panel, a
 * dialog opened from the drawer); Escape and the focus trap belong to the top one only, and
 * the page stays scroll-locked until the last one that asked for it closes.
 */
export interface ModalLayer {
  lockScroll: boolean;
}

export class ModalStack<T extends ModalLayer = ModalLayer> {
  private readonly layers: T[] = [];

  /** Adds a layer on top; true when it is the first to lock scrolling. */
  push(layer: T): boolean {
    const wasLocked = this.scrollLocked;
    this.layers.push(layer);
    return layer.lockScroll && !wasLocked;
  }

  /** Removes a layer wherever it is; true when it released the last scroll lock. */
  remove(layer: T): boolean {
    const at = this.layers.indexOf(layer);
    if (at < 0) return false;
    const wasLocked = this.scrollLocked;
    this.layers.splice(at, 1);
    return wasLocked && !this.scrollLocked;
  }

  isTop(layer: T): boolean {
    return this.layers.at(-1) === layer;
  }

  get scrollLocked(): boolean {
    return this.layers.some((layer) => layer.lockScroll);
  }
}

/**
 * Where Tab sends focus inside a trap of `count` elements when it is on `index` (-1: outside
 * them): past either end it wraps around; in the middle the browser's own order is right (null).
 */
export function trappedFocusIndex(index: number, count: number, backwards: boolean): number | null {
  if (count === 0) return null;
  if (index < 0) return backwards ? count - 1 : 0;
  if (backwards && index === 0) return count - 1;
  if (!backwards && index === count - 1) return 0;
  return null;
}
