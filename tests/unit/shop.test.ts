import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  formatPrice,
  isOrderWaiting,
  isWebUrl,
  msUntil,
  orderNoFromSearch,
  orderPath,
  orderStage,
  payWindowText,
  shortFingerprint,
} from '../../src/lib/shared/shop';
import { newOrderNo } from '../../src/server/shop/orders';

describe('formatPrice', () => {
  it('shows yuan and two digits of fen from integer cents', () => {
    expect(formatPrice(2900)).toBe('¥29.00');
    expect(formatPrice(19990)).toBe('¥199.90');
    expect(formatPrice(5)).toBe('¥0.05');
    expect(formatPrice(0)).toBe('¥0.00');
    expect(formatPrice(123456789)).toBe('¥1234567.89');
  });
});

describe('orderNoFromSearch', () => {
  it('reads ?no=, or the out_trade_no the provider appends', () => {
    expect(orderNoFromSearch('?no=SO20260101ABC')).toBe('SO20260101ABC');
    expect(orderNoFromSearch('?out_trade_no=SO1&trade_status=TRADE_SUCCESS')).toBe('SO1');
    expect(orderNoFromSearch('?no=A1&out_trade_no=B2')).toBe('A1');
    expect(orderNoFromSearch('?no=%20A1%20')).toBe('A1');
  });
  it('answers null for no order or one that cannot be an order number', () => {
    expect(orderNoFromSearch('')).toBeNull();
    expect(orderNoFromSearch('?no=')).toBeNull();
    expect(orderNoFromSearch('?no=../admin')).toBeNull();
    expect(orderNoFromSearch('?no=a%2Fb')).toBeNull();
    expect(orderNoFromSearch(`?no=${'x'.repeat(65)}`)).toBeNull();
  });
  it('round-trips with orderPath', () => {
    const path = orderPath('SO-1_a');
    expect(path).toBe('/pay/order?no=SO-1_a');
    expect(orderNoFromSearch(path.slice(path.indexOf('?')))).toBe('SO-1_a');
  });
});

describe('isOrderWaiting', () => {
  it('is true while the order can still change by itself', () => {
    expect(isOrderWaiting('pending')).toBe(true);
    expect(isOrderWaiting('paid')).toBe(true);
    expect(isOrderWaiting('fulfilled')).toBe(false);
    expect(isOrderWaiting('expired')).toBe(false);
    expect(isOrderWaiting('refunded')).toBe(false);
  });
});

describe('msUntil and formatCountdown', () => {
  const now = Date.parse('2026-03-01T10:00:00.000Z');
  it('counts down to an ISO time and stops at zero', () => {
    expect(msUntil('2026-03-01T10:15:00.000Z', now)).toBe(15 * 60_000);
    expect(msUntil('2026-03-01T18:15:00+08:00', now)).toBe(15 * 60_000);
    expect(msUntil('2026-03-01T09:59:00.000Z', now)).toBe(0);
    expect(msUntil('not a date', now)).toBe(0);
  });
  it('shows minutes and seconds, rounding up so zero means time is up', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(65_001)).toBe('01:06');
    expect(formatCountdown(999)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
  });
});

describe('shortFingerprint', () => {
  it('keeps short fingerprints and shortens long ones to their ends', () => {
    expect(shortFingerprint('abc123')).toBe('abc123');
    expect(shortFingerprint('0123456789abcdef')).toBe('0123456789abcdef');
    expect(shortFingerprint('0123456789abcdef0123456789abcdef')).toBe('01234567…cdef');
  });
});

describe('isWebUrl', () => {
  const base = 'https://blog.example/pay/order?no=1';
  it('takes http and https addresses, relative ones included', () => {
    expect(isWebUrl('https://pay.example/submit.php?a=1', base)).toBe(true);
    expect(isWebUrl('http://pay.example/', base)).toBe(true);
    expect(isWebUrl('/pay/return', base)).toBe(true);
  });
  it('refuses scripts, data and other schemes', () => {
    expect(isWebUrl('javascript:alert(1)', base)).toBe(false);
    expect(isWebUrl(' JavaScript:alert(1)', base)).toBe(false);
    expect(isWebUrl('data:text/html,hi', base)).toBe(false);
    expect(isWebUrl('weixin://pay', base)).toBe(false);
  });
});

describe('order numbers and the time to pay', () => {
  it('numbers an order with the site’s date: 01:00 in Beijing is still that day, though UTC says the day before', () => {
    expect(newOrderNo(new Date('2026-03-13T17:00:00Z'))).toMatch(/^20260314\d{18}$/);
    expect(newOrderNo(new Date('2026-03-13T15:59:59Z'))).toMatch(/^20260313\d{18}$/);
  });

  it('says the window in hours when whole, else in minutes', () => {
    expect(payWindowText(15)).toBe('15 分钟');
    expect(payWindowText(24 * 60)).toBe('24 小时');
    expect(payWindowText(90)).toBe('90 分钟');
  });

  it('reads a pending order the buyer has reported paid as waiting for the owner, and nothing else', () => {
    expect(orderStage({ status: 'pending', buyer_paid_at: '2026-03-14 01:00:00' })).toBe('reported');
    expect(orderStage({ status: 'pending', buyer_paid_at: null })).toBe('pending');
    expect(orderStage({ status: 'fulfilled', buyer_paid_at: '2026-03-14 01:00:00' })).toBe('fulfilled');
  });
});
