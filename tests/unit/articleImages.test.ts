import { describe, expect, it } from 'vitest';
import { CONTENT_IMAGE_MAX_SIDE_PX } from '../../src/contract/limits';
import { writingText } from '../../src/i18n/writing.zh-CN';
import { redrawPlan, sentPercent } from '../../src/lib/browser/articleImages';

describe('an article image before upload', () => {
  it('redraws every JPEG (its EXIF stays on the device), a phone photo at 2560 px on its long side', () => {
    expect(redrawPlan('image/jpeg', 4032, 3024)).toEqual({
      type: 'image/jpeg',
      width: CONTENT_IMAGE_MAX_SIDE_PX,
      height: 1920,
    });
    expect(redrawPlan('image/jpeg', 3024, 4032)).toEqual({
      type: 'image/jpeg',
      width: 1920,
      height: CONTENT_IMAGE_MAX_SIDE_PX,
    });
    expect(redrawPlan('image/jpeg', 800, 600)).toEqual({ type: 'image/jpeg', width: 800, height: 600 });
  });

  it('redraws a PNG or WebP only when larger than the site keeps, in its own format; never a GIF', () => {
    expect(redrawPlan('image/png', 1280, 720)).toBeNull();
    expect(redrawPlan('image/png', 3840, 2160)).toEqual({ type: 'image/png', width: 2560, height: 1440 });
    expect(redrawPlan('image/webp', 5000, 1000)).toEqual({ type: 'image/webp', width: 2560, height: 512 });
    expect(redrawPlan('image/gif', 4000, 3000)).toBeNull();
  });

  it('says what it is doing with which file, and reaches 100% only when the server has answered', () => {
    expect(
      writingText.uploadProgress({ name: 'IMG_0001.jpg', index: 1, total: 1, phase: 'redrawing', percent: 0 }),
    ).toBe('正在缩小 IMG_0001.jpg…');
    expect(
      writingText.uploadProgress({ name: 'IMG_0001.jpg', index: 2, total: 3, phase: 'sending', percent: 45.7 }),
    ).toBe('正在上传 IMG_0001.jpg 45%（第 2/3 张）');
    expect(writingText.uploadProgress({ name: 'a.png', index: 1, total: 1, phase: 'saving', percent: 99 })).toBe(
      '正在保存 a.png…',
    );
    expect(sentPercent(512, 1024)).toBe(50);
    expect(sentPercent(1024, 1024)).toBe(99);
    expect(sentPercent(10, 0)).toBe(0);
  });
});
