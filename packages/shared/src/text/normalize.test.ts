import { describe, expect, it } from 'vitest';
import { normalizePersian, stripHtml } from './normalize.ts';

describe('normalizePersian', () => {
  it('maps Arabic yeh, alef maksura and kaf to the Persian letters', () => {
    expect(normalizePersian('كتاب ي')).toBe(normalizePersian('کتاب ی'));
    expect(normalizePersian('كتاب ي')).toBe('کتاب ی');
    expect(normalizePersian('مصطفى')).toBe('مصطفی');
  });

  it('maps ة, أ, إ to ه and ا but keeps آ', () => {
    expect(normalizePersian('مدرسة')).toBe('مدرسه');
    expect(normalizePersian('أحمد إيران')).toBe('احمد ایران');
    expect(normalizePersian('آب')).toBe('آب');
    // ا + combining madda is the same letter as آ.
    expect(normalizePersian('\u0627\u0653ب')).toBe('آب');
  });

  it('gives the same string for Persian, Arabic-Indic and ASCII digits', () => {
    expect(normalizePersian('۱۲۳')).toBe('123');
    expect(normalizePersian('١٢٣')).toBe('123');
    expect(normalizePersian('123')).toBe('123');
    expect(normalizePersian('۱٫۵')).toBe('1.5');
  });

  it('strips diacritics and tatweel', () => {
    expect(normalizePersian('مُحَمَّد')).toBe('محمد');
    expect(normalizePersian('سلامـــــت')).toBe('سلامت');
    expect(normalizePersian('رحمٰن')).toBe('رحمن');
    expect(normalizePersian('خانهٔ')).toBe(normalizePersian('خانۀ'));
  });

  it('turns ZWNJ, zero-width space and whitespace runs into one space', () => {
    expect(normalizePersian('می\u200cشود')).toBe('می شود');
    expect(normalizePersian('می\u200bشود')).toBe('می شود');
    expect(normalizePersian('  خبر\t\n\u00a0 فوری  ')).toBe('خبر فوری');
  });

  it('deletes invisible formatting characters without splitting words', () => {
    expect(normalizePersian('کت\u200fاب\u200d\ufeff')).toBe('کتاب');
  });

  it('folds Arabic presentation forms and lower-cases Latin', () => {
    expect(normalizePersian('\ufed9\ufefb')).toBe('کلا');
    expect(normalizePersian('Iran NEWS')).toBe('iran news');
  });

  it('makes an Arabic-spelled query equal to the Persian text', () => {
    const indexed = normalizePersian('قیمت‌های جدید کالاها در سال ۱۴۰۵');
    const query = normalizePersian('قيمت هاي جديد كالاها در سال ١٤٠٥');
    expect(query).toBe(indexed);
  });

  it('is idempotent', () => {
    const once = normalizePersian('  كتابِ  ي ۱۲ Abc\u200cد ');
    expect(normalizePersian(once)).toBe(once);
  });
});

describe('stripHtml', () => {
  it('removes tags and puts spaces at block boundaries only', () => {
    expect(stripHtml('<p>سلام</p><p>دنیا</p>')).toBe('سلام دنیا');
    expect(stripHtml('خط<br>بعد')).toBe('خط بعد');
    expect(stripHtml('<b>کت</b>اب')).toBe('کتاب');
  });

  it('drops scripts, styles and comments with their content', () => {
    expect(stripHtml('a<script>alert("x")</script><style>p{}</style><!-- note -->b')).toBe('a b');
  });

  it('decodes common named and numeric entities once', () => {
    expect(stripHtml('&laquo;خبر&raquo; &amp; &quot;x&quot; &#1777;&#x6F2;')).toBe('«خبر» & "x" ۱۲');
    expect(stripHtml('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
    expect(stripHtml('&lt;script&gt;')).toBe('<script>');
    expect(stripHtml('می&zwnj;شود')).toBe('می\u200cشود');
  });

  it('leaves unknown entities and survives invalid code points', () => {
    expect(stripHtml('&unknown; &#0; &#x110000;')).toBe('&unknown; \ufffd \ufffd');
  });

  it('reads a tag up to the next \'>\' and leaves a \'<\' after the last one as text', () => {
    expect(stripHtml('الف<a<b c>ب')).toBe('الفب');
    expect(stripHtml('<p>الف</p>ب <a')).toBe('الف ب <a');
    expect(stripHtml('x<img src="/a.png" <b')).toBe('x<img src="/a.png" <b');
    // A script left open runs to the end, past the last '>' too.
    expect(stripHtml('الف<script>x>y<z')).toBe('الف');
    expect(stripHtml('الف<script>x</script>ب<c')).toBe('الف ب<c');
  });

  it('returns plain text unchanged apart from whitespace', () => {
    expect(stripHtml('  متن   ساده \n')).toBe('متن ساده');
  });
});
