/** IP 属地 from the offline database installed with the package. */
import { describe, expect, it } from 'vitest';
import { ipLocation, shortProvince, UNKNOWN_LOCATION } from '../../src/server/shared/ipLocation';

describe('ipLocation', () => {
  it('names the province for an address in China, the way readers know it', () => {
    expect(ipLocation('120.24.78.68')).toBe('广东');
    expect(ipLocation('202.96.209.133')).toBe('上海');
    expect(ipLocation('::ffff:221.0.0.1')).toBe('山东');
    expect(ipLocation('240e:47d:c20:1627:30a3:ba0d:a5e6:ec19')).toBe('广东');
  });

  it('names the country elsewhere, and 未知 for private, local or malformed addresses', () => {
    expect(ipLocation('8.8.8.8')).toBe('美国');
    expect(ipLocation('1.1.1.1')).toBe('澳大利亚');
    for (const ip of ['127.0.0.1', '10.1.2.3', '::1', 'not-an-address', ''])
      expect(ipLocation(ip)).toBe(UNKNOWN_LOCATION);
  });

  it('shortens province names to their common form', () => {
    expect(shortProvince('广东省')).toBe('广东');
    expect(shortProvince('广西壮族自治区')).toBe('广西');
    expect(shortProvince('新疆维吾尔自治区')).toBe('新疆');
    expect(shortProvince('内蒙古自治区')).toBe('内蒙古');
    expect(shortProvince('香港特别行政区')).toBe('香港');
    expect(shortProvince('上海市')).toBe('上海');
    expect(shortProvince('上海')).toBe('上海');
    expect(shortProvince('省')).toBe('省');
  });
});
