import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it('keeps the formatting the editor writes', () => {
    const html =
      '<h2>Tag 1</h2><p><strong>Anreise</strong> nach <em>Riva</em>, <u>Seepromenade</u> <s>alt</s><br />weiter</p>' +
      '<ul><li>eins</li></ul><ol><li>zwei</li></ol><blockquote>Zitat</blockquote>' +
      '<p><a href="https://example.org/see" target="_blank" rel="noopener">Link</a> <a href="mailto:info@example.org">Mail</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts, event handlers, styles and javascript: links', () => {
    expect(
      sanitizeRichText(
        '<p onclick="alert(1)" style="color:red">Text<script>alert(1)</script></p>' +
          '<a href="javascript:alert(1)">x</a><img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe>',
      ),
    ).toBe('<p>Text</p><a>x</a>');
    expect(sanitizeRichText('<a href="JaVaScRiPt:alert(1)">y</a>')).toBe('<a>y</a>');
  });

  it('answers null for nothing', () => {
    expect(sanitizeRichText(null)).toBeNull();
    expect(sanitizeRichText(undefined)).toBeNull();
    expect(sanitizeRichText('  <script>x</script> ')).toBeNull();
  });
});
