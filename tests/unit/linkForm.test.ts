import { describe, expect, it } from 'vitest';
import { LINK_NAME_MAX_CHARS } from '../../src/contract/limits';
import type { LinkItem } from '../../src/contract/links';
import {
  BLANK_LINK_FORM,
  formFromLink,
  iconUrlProblem,
  isEditable,
  letterIcon,
  linkFormProblems,
  refusedField,
  toLinkDraft,
  type LinkForm,
} from '../../src/lib/browser/linkForm';

const filled: LinkForm = {
  ...BLANK_LINK_FORM,
  site_name: ' 好工具 ',
  site_desc: ' 一个好用的工具 ',
  url: ' https://example.com/dl ',
};

const item = (changes: Partial<LinkItem>): LinkItem => ({
  id: 7,
  site_name: '工具',
  site_desc: '简介',
  site_avatar: '',
  url: 'https://example.com',
  status: 1,
  user_id: 3,
  createdAt: '2026-01-01 10:00:00',
  updatedAt: '2026-01-01 10:00:00',
  ...changes,
});

describe('toLinkDraft', () => {
  it('trims the fields and sends only the chosen icon', () => {
    const form = { ...filled, uploaded: '/uploads/a.webp', icon_url: ' https://img.example.com/a.png ' };
    expect(toLinkDraft({ ...form, icon: 'letter' })).toEqual({
      site_name: '好工具',
      site_desc: '一个好用的工具',
      url: 'https://example.com/dl',
      site_avatar: '',
    });
    expect(toLinkDraft({ ...form, icon: 'upload' }).site_avatar).toBe('/uploads/a.webp');
    expect(toLinkDraft({ ...form, icon: 'url' }).site_avatar).toBe('https://img.example.com/a.png');
  });
});

describe('linkFormProblems', () => {
  it('is empty for a complete form', () => {
    expect(linkFormProblems(filled)).toEqual({});
  });

  it('names each field that is wrong, with the shared rules', () => {
    const found = linkFormProblems({
      ...BLANK_LINK_FORM,
      site_name: '名'.repeat(LINK_NAME_MAX_CHARS + 1),
      url: 'javascript:alert(1)',
    });
    expect(found.site_name).toBe(`名称最多 ${LINK_NAME_MAX_CHARS} 个字`);
    expect(found.site_desc).toBe('请填写简介');
    expect(found.url).toBe('下载地址只能以 http:// 或 https:// 开头');
    expect(found.site_avatar).toBeUndefined();
  });

  it('asks for the picture or the address the icon choice needs', () => {
    expect(linkFormProblems({ ...filled, icon: 'upload' }).site_avatar).toBe('请先上传一张图片');
    expect(linkFormProblems({ ...filled, icon: 'upload', uploaded: '/uploads/a.webp' }).site_avatar).toBeUndefined();
    expect(linkFormProblems({ ...filled, icon: 'url', icon_url: 'ftp://x.example/a.png' }).site_avatar).toBe(
      '图标地址只能以 http:// 或 https:// 开头',
    );
  });
});

describe('iconUrlProblem', () => {
  it('takes http(s) addresses only', () => {
    expect(iconUrlProblem('https://img.example.com/a.png')).toBeNull();
    expect(iconUrlProblem('')).toBe('请填写图标的图片地址');
    expect(iconUrlProblem('not a url')).toBe('图标地址不是有效的网址');
    expect(iconUrlProblem('data:image/png;base64,AAAA')).toBe('图标地址只能以 http:// 或 https:// 开头');
    expect(iconUrlProblem(`https://a.example/${'x'.repeat(500)}`)).toMatch(/最长/);
  });
});

describe('refusedField', () => {
  it('answers the first form field the server names', () => {
    expect(refusedField(['site_avatar'])).toBe('site_avatar');
    expect(refusedField(['body'])).toBeNull();
    expect(refusedField(undefined)).toBeNull();
  });
});

describe('formFromLink', () => {
  it('loads an application back with its icon choice', () => {
    expect(formFromLink(item({}))).toMatchObject({ editing: 7, icon: 'letter', uploaded: '', icon_url: '' });
    expect(formFromLink(item({ site_avatar: '/uploads/x.webp' }))).toMatchObject({
      icon: 'upload',
      uploaded: '/uploads/x.webp',
    });
    expect(formFromLink(item({ site_avatar: 'https://img.example.com/a.png' }))).toMatchObject({
      icon: 'url',
      icon_url: 'https://img.example.com/a.png',
    });
    expect(toLinkDraft(formFromLink(item({ site_avatar: '/uploads/x.webp' })))).toEqual({
      site_name: '工具',
      site_desc: '简介',
      url: 'https://example.com',
      site_avatar: '/uploads/x.webp',
    });
  });

  it('lets pending and rejected applications be changed, not approved ones', () => {
    expect(isEditable({ status: 1 })).toBe(true);
    expect(isEditable({ status: 3 })).toBe(true);
    expect(isEditable({ status: 2 })).toBe(false);
  });
});

describe('letterIcon', () => {
  it('shows the first character in capitals, a whole emoji, or ? for no name', () => {
    expect(letterIcon(' vscode').letter).toBe('V');
    expect(letterIcon('工具').letter).toBe('工');
    expect(letterIcon('🎉 派对').letter).toBe('🎉');
    expect(letterIcon('  ').letter).toBe('?');
  });

  it('gives the same name the same hue, within a circle', () => {
    expect(letterIcon('工具').hue).toBe(letterIcon('工具').hue);
    for (const name of ['a', 'b', '工具', '一个很长很长的名字']) {
      expect(letterIcon(name).hue).toBeGreaterThanOrEqual(0);
      expect(letterIcon(name).hue).toBeLessThan(360);
    }
  });
});
