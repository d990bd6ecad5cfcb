import { describe, expect, it } from 'vitest';
import { labUrlTransform } from './markdownUrls';

describe('lab markdown URLs', () => {
  it('never loads an image from another origin', () => {
    for (const url of ['https://example.org/x.png', 'http://x/y.png', '//example.org/x.png', ' HTTPS://x/y.png', 'ftp://x/y.png', 'javascript:alert(1)']) {
      expect(labUrlTransform(url, 'src'), url).toBe('');
    }
  });

  it('keeps images from the lab\'s own folder and data URLs', () => {
    expect(labUrlTransform('diagram.png', 'src')).toBe('diagram.png');
    expect(labUrlTransform('./img/a.svg', 'src')).toBe('./img/a.svg');
    expect(labUrlTransform('data:image/png;base64,AAAA', 'src')).toBe('data:image/png;base64,AAAA');
  });

  it('leaves links to react-markdown\'s default rule', () => {
    expect(labUrlTransform('https://example.org', 'href')).toBe('https://example.org');
    expect(labUrlTransform('javascript:alert(1)', 'href')).toBe('');
  });
});
