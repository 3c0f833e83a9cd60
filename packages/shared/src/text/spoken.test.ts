import { describe, expect, it } from 'vitest';
import { articleSpeechText, speakNumbersFa, splitForSpeech } from './spoken.ts';

describe('numbers in running text, read as Persian words', () => {
  it('reads Jalali and Gregorian dates', () => {
    expect(speakNumbersFa('در تاریخ ۱۴۰۳/۰۷/۱۵ اعلام شد')).toBe('در تاریخ پانزدهم مهر هزار و چهارصد و سه اعلام شد');
    expect(speakNumbersFa('on 2024-10-06')).toBe('on ششم اکتبر دو هزار و بیست و چهار');
    expect(speakNumbersFa('۱۵ مهر ۱۴۰۳')).toBe('پانزدهم مهر هزار و چهارصد و سه');
    expect(speakNumbersFa('۲۵ دسامبر ۲۰۲۴')).toBe('بیست و پنجم دسامبر دو هزار و بیست و چهار');
    expect(speakNumbersFa('۱ فروردین')).toBe('یکم فروردین');
    expect(speakNumbersFa('06/10/2024')).toBe('ششم اکتبر دو هزار و بیست و چهار');
  });

  it('reads percentages with either sign and decimals', () => {
    expect(speakNumbersFa('رشد ۲/۵٪ بود')).toBe('رشد دو ممیز پنج درصد بود');
    expect(speakNumbersFa('تورم 40%')).toBe('تورم چهل درصد');
    expect(speakNumbersFa('٪۱۲')).toBe('دوازده درصد');
    expect(speakNumbersFa('۳۰ درصد')).toBe('سی درصد');
  });

  it('reads amounts of تومان, ریال and دلار, with separators and currency signs', () => {
    expect(speakNumbersFa('۵۸٬۵۰۰ تومان')).toBe('پنجاه و هشت هزار و پانصد تومان');
    expect(speakNumbersFa('1,250,000 ریال')).toBe('یک میلیون و دویست و پنجاه هزار ریال');
    expect(speakNumbersFa('۲۰ میلیارد دلار')).toBe('بیست میلیارد دلار');
    expect(speakNumbersFa('$1500')).toBe('هزار و پانصد دلار');
    expect(speakNumbersFa('۳۰۰ €')).toBe('سیصد یورو');
  });

  it('reads ordinals, times, ranges and negative numbers', () => {
    expect(speakNumbersFa('برای ۳ام بار')).toBe('برای سوم بار');
    expect(speakNumbersFa('۲۰ امین دوره')).toBe('بیستمین دوره');
    expect(speakNumbersFa('ساعت ۱۴:۳۰')).toBe('ساعت چهارده و سی دقیقه');
    expect(speakNumbersFa('ساعت 9:00')).toBe('ساعت نه');
    expect(speakNumbersFa('۱۰-۲۰ نفر')).toBe('ده تا بیست نفر');
    expect(speakNumbersFa('دمای -5 درجه')).toBe('دمای منفی پنج درجه');
    expect(speakNumbersFa('۵ ماه')).toBe('پنج ماه');
    expect(speakNumbersFa('شماره 09121234567')).toBe('شماره صفر نه یک دو یک دو سه چهار پنج شش هفت');
  });
});

describe('an article as text to listen to', () => {
  const article = {
    title: 'قیمت دلار به ۵۸ هزار تومان رسید',
    content: [
      '<p>قیمت دلار به ۵۸ هزار تومان رسید</p>',
      '<p>بازار ارز روز <strong>۱۵ مهر</strong> با رشد ۲٪ همراه بود. <a href="https://example.com/x">جزئیات</a> در https://example.com/news</p>',
      '<figure><img src="/media/a.jpg" alt="نمودار"><figcaption>نمودار</figcaption></figure>',
      '<p>🔴 #بازار_ارز امروز فعال بود</p>',
      '<p>🆔 @akhbar_rooz</p>',
      '<p>کانال ما را دنبال کنید</p>',
    ].join(''),
  };

  it('is the title then the body, without markup, links, handles, emoji or signatures', () => {
    const text = articleSpeechText(article);
    expect(text.split('\n')).toEqual([
      'قیمت دلار به پنجاه و هشت هزار تومان رسید.',
      'بازار ارز روز پانزدهم مهر با رشد دو درصد همراه بود. جزئیات در.',
      'بازار ارز امروز فعال بود.',
    ]);
    expect(text).not.toMatch(/[<>@#\d]|https?:|akhbar|🔴|نمودار/);
  });

  it('does not read the title twice when the body opens with it as its first sentence', () => {
    const title = 'قیمت دلار در بازار آزاد به ۵۸ هزار تومان رسید.';
    const once = (content: string) => articleSpeechText({ title, content }).split('\n');
    expect(once(`<p>${title} فعالان بازار از ثبات خبر دادند.</p><p>بند دوم.</p>`))
      .toEqual(['قیمت دلار در بازار آزاد به پنجاه و هشت هزار تومان رسید.', 'فعالان بازار از ثبات خبر دادند.', 'بند دوم.']);
    expect(once(`<p>${title}</p><p>بند دوم.</p>`)).toHaveLength(2);
    // A title without its full stop, the body's sentence with it.
    expect(articleSpeechText({ title: 'باران در تهران', content: '<p>باران در تهران. هوا خنک شد.</p>' }).split('\n')).toEqual(['باران در تهران.', 'هوا خنک شد.']);
    // A longer sentence that only starts with the title's words is read whole.
    expect(articleSpeechText({ title: 'باران در تهران', content: '<p>باران در تهران ادامه دارد.</p>' }).split('\n')).toEqual(['باران در تهران.', 'باران در تهران ادامه دارد.']);
  });

  it('is cut into parts at sentence ends, none longer than asked', () => {
    const text = Array.from({ length: 40 }, (_, i) => `جمله شماره ${i + 1} درباره بازار است.`).join(' ');
    const spoken = articleSpeechText({ title: 'عنوان', content: text });
    const parts = splitForSpeech(spoken, 200);
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.every((p) => p.length <= 200)).toBe(true);
    expect(parts.every((p) => /[.]$/.test(p))).toBe(true);
    expect(parts.join(' ').replace(/\s+/g, ' ')).toBe(spoken.replace(/\n/g, ' '));
    // A sentence longer than the limit is cut at a space.
    const long = 'کلمه '.repeat(200).trim();
    expect(splitForSpeech(long, 100).every((p) => p.length <= 100 && !p.startsWith(' '))).toBe(true);
  });
});
