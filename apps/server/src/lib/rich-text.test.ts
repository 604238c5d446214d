import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it('keeps the formatting the editor produces', () => {
    const html =
      '<h2>Tag 1</h2><p>Anreise nach <strong>Salzburg</strong>, <em>Stadtführung</em>, <u>Mozart</u> und <s>alt</s>, Code <code>A7</code>.<br />Neu</p>' +
      '<ul><li>Frühstück</li></ul><ol><li>Eins</li></ol><blockquote>Zitat</blockquote><h3>a</h3><h4>b</h4>' +
      '<p><a href="https://example.org/reise">Link</a> <a href="mailto:info@example.org">Mail</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops scripts, styles and iframes with their content', () => {
    expect(
      sanitizeRichText(
        '<p>Hallo</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.example">x</iframe>',
      ),
    ).toBe('<p>Hallo</p>');
  });

  it('drops event handlers, style and class attributes', () => {
    expect(
      sanitizeRichText('<p onclick="alert(1)" style="color:red" class="x">Text</p><img src="x" onerror="alert(1)">'),
    ).toBe('<p>Text</p>');
  });

  it('drops javascript: and data: links but keeps the text', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">klick</a>')).toBe('<a>klick</a>');
    expect(sanitizeRichText('<a href="JaVaScRiPt&colon;alert(1)">klick</a>')).toBe('<a>klick</a>');
    expect(sanitizeRichText('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
  });

  it('lets a link open a new window only without a reference back', () => {
    expect(sanitizeRichText('<a href="https://example.org" target="_top">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('answers null for nothing and for markup without content', () => {
    expect(sanitizeRichText(null)).toBeNull();
    expect(sanitizeRichText(undefined)).toBeNull();
    expect(sanitizeRichText('  <script>x</script> ')).toBeNull();
  });
});
