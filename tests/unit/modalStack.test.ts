import { describe, expect, it } from 'vitest';
import { ModalStack, trappedFocusIndex } from '../../src/lib/browser/modalStack';

describe('ModalStack', () => {
  it('gives Escape to the layer opened last, and back to the one below when it closes', () => {
    const stack = new ModalStack();
    const panel = { lockScroll: false };
    const board = { lockScroll: true };
    stack.push(panel);
    expect(stack.isTop(panel)).toBe(true);
    stack.push(board);
    expect(stack.isTop(panel)).toBe(false);
    expect(stack.isTop(board)).toBe(true);
    stack.remove(board);
    expect(stack.isTop(panel)).toBe(true);
  });

  it('locks scrolling with the first layer that asks and unlocks with the last one', () => {
    const stack = new ModalStack();
    const drawer = { lockScroll: true };
    const dialog = { lockScroll: true };
    const panel = { lockScroll: false };
    expect(stack.push(panel)).toBe(false);
    expect(stack.push(drawer)).toBe(true);
    expect(stack.push(dialog)).toBe(false);
    expect(stack.remove(drawer)).toBe(false);
    expect(stack.scrollLocked).toBe(true);
    expect(stack.remove(dialog)).toBe(true);
    expect(stack.scrollLocked).toBe(false);
    expect(stack.remove(panel)).toBe(false);
  });

  it('ignores a layer removed twice', () => {
    const stack = new ModalStack();
    const layer = { lockScroll: true };
    stack.push(layer);
    expect(stack.remove(layer)).toBe(true);
    expect(stack.remove(layer)).toBe(false);
    expect(stack.isTop(layer)).toBe(false);
  });
});

describe('trappedFocusIndex', () => {
  it('wraps past either end', () => {
    expect(trappedFocusIndex(2, 3, false)).toBe(0);
    expect(trappedFocusIndex(0, 3, true)).toBe(2);
  });

  it('leaves the middle to the browser', () => {
    expect(trappedFocusIndex(0, 3, false)).toBeNull();
    expect(trappedFocusIndex(1, 3, true)).toBeNull();
  });

  it('brings focus from outside back in at the near end', () => {
    expect(trappedFocusIndex(-1, 3, false)).toBe(0);
    expect(trappedFocusIndex(-1, 3, true)).toBe(2);
  });

  it('has nothing to move to in an empty modal', () => {
    expect(trappedFocusIndex(-1, 0, false)).toBeNull();
  });
});
