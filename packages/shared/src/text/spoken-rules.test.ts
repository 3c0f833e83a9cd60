import { describe, expect, it } from 'vitest';
import { articleSpeechText, isSignatureLine, speakableText, speakNumbersFa } from './spoken.ts';
import { letterNames, readLatinToken, speakLatinFa, transliterate } from './spoken-latin.ts';
import { isSportsLine } from './spoken-numbers.ts';

/** The body lines of an article's speech text (the title line left out). */
const spokenBody = (paragraphs: string[], category?: string) =>
  articleSpeechText({ title: 'عنوان خبر', content: paragraphs.map((p) => `<p>${p}</p>`).join(''), category }).split('\n').slice(1);

describe('a channel signature is removed only when it is one', () => {
  it('keeps sentences that mention a handle or a channel, wherever they stand', () => {
    const body = spokenBody([
      'وزیر خارجه در توییتی به @POTUS پاسخ داد.',
      'کاربران می‌توانند برای عضویت در کانال رسمی سازمان اقدام کنند.',
    ]);
    expect(body).toEqual([
      'وزیر خارجه در توییتی به پوتوس پاسخ داد.',
      'کاربران می‌توانند برای عضویت در کانال رسمی سازمان اقدام کنند.',
    ]);
  });

  it('drops the handle, the link and the call to join at the end of the post', () => {
    const body = spokenBody([
      'بانک مرکزی نرخ سود سپرده‌ها را بدون تغییر نگه داشت.',
      '🆔 @akhbar_rooz',
      'https://t.me/akhbar_rooz',
      '👈 به کانال ما بپیوندید',
      '📣 Join: t.me/akhbar_rooz',
      'کانال ما را دنبال کنید',
    ]);
    expect(body).toEqual(['بانک مرکزی نرخ سود سپرده‌ها را بدون تغییر نگه داشت.']);
  });

  it('tells a signature line from a sentence', () => {
    for (const line of ['🆔 @akhbar_rooz', 'کانال: @akhbar_rooz', 't.me/akhbar_rooz', 'عضو شوید 👇', 'ID: @akhbar_rooz', '👈 به کانال ما بپیوندید: @akhbar_rooz']) {
      expect(isSignatureLine(line), line).toBe(true);
    }
    for (const line of [
      'وزیر خارجه در توییتی به @POTUS پاسخ داد.',
      'کاربران می‌توانند برای عضویت در کانال رسمی سازمان اقدام کنند.',
      'سخنگوی پلیس گفت شهروندان اخبار ترافیک را از کانال رسمی پلیس راهور پیگیری کنند.',
      'متن کامل گزارش در https://example.ir/report منتشر شده است.',
    ]) {
      expect(isSignatureLine(line), line).toBe(false);
    }
  });

  it('reads a handle inside a sentence as a name, not as English', () => {
    expect(spokenBody(['به گزارش @akhbar_rooz قیمت نان ثابت ماند.'])).toEqual(['به گزارش اخبار روز قیمت نان ثابت ماند.']);
  });
});

describe('Latin words and acronyms are read in Persian', () => {
  it('says acronyms with digits as a Persian newsreader does', () => {
    expect(spokenBody(['شمار مبتلایان به COVID-19 در هفته گذشته کاهش یافت.'])).toEqual(['شمار مبتلایان به کووید نوزده در هفته گذشته کاهش یافت.']);
    expect(spokenBody(['نشست سران G7 در ژاپن برگزار شد.'])).toEqual(['نشست سران جی هفت در ژاپن برگزار شد.']);
    expect(readLatinToken('F-16')).toBe('اف شانزده');
    expect(readLatinToken('A320')).toBe('ای سیصد و بیست');
    expect(readLatinToken('5G')).toBe('فایو جی');
  });

  it('uses the pronunciation table, then letter names for acronyms, then Persian letters', () => {
    expect(readLatinToken('NATO')).toBe('ناتو');
    expect(readLatinToken('Tesla')).toBe('تسلا');
    expect(readLatinToken('IAEA')).toBe('آی ای ای ای');
    expect(readLatinToken('U.S.')).toBe('یو اس');
    expect(letterNames('BBC')).toBe('بی بی سی');
    expect(transliterate('akhbar')).toBe('اخبار');
    expect(transliterate('Madrid')).toBe('مادرید');
  });

  it('leaves no Latin letter in a sentence full of them', () => {
    const line = 'سرعت اینترنت 5G به ۱۲۰ Mbps رسید و Huawei، Samsung و Apple در گزارش AFP و BBC رقابت را Online دنبال کردند.';
    const spoken = spokenBody([line])[0];
    expect(spoken).not.toMatch(/[A-Za-z0-9]/);
    expect(spoken).toBe('سرعت اینترنت فایو جی به صد و بیست مگابیت بر ثانیه رسید و هوآوی، سامسونگ و اپل در گزارش ای اف پی و بی بی سی رقابت را آنلاین دنبال کردند.');
    expect(speakLatinFa('فروش iPhone')).toBe('فروش آیفون');
  });
});

describe('scores, ratios and ranges are read by context', () => {
  it('reads a score in a sports report as «بر»', () => {
    expect(spokenBody(['استقلال در دیدار امروز ۲-۱ پرسپولیس را شکست داد.'])).toEqual(['استقلال در دیدار امروز دو بر یک پرسپولیس را شکست داد.']);
    expect(spokenBody(['والیبال ایران ست‌ها را ۲۵-۲۳ و ۲۵-۱۹ برد.'])).toEqual(['والیبال ایران ست‌ها را بیست و پنج بر بیست و سه و بیست و پنج بر نوزده برد.']);
    expect(spokenBody(['نتیجه نهایی ۳:۰ بود.'])).toEqual(['نتیجه نهایی سه بر صفر بود.']);
    // At a sentence's end too.
    expect(spokenBody(['پرسپولیس با نتیجه ۳-۱.'])).toEqual(['پرسپولیس با نتیجه سه بر یک.']);
    // In a sports story a score needs no sports word in its own sentence.
    expect(spokenBody(['استقلال ۲-۱ پرسپولیس را برد.'], 'Sports')).toEqual(['استقلال دو بر یک پرسپولیس را برد.']);
  });

  it('reads a range as «تا», also in sports when a count follows', () => {
    expect(spokenBody(['قیمت خودرو ۱۰-۱۵ درصد افزایش یافت.'])).toEqual(['قیمت خودرو ده تا پانزده درصد افزایش یافت.']);
    expect(spokenBody(['سرمربی تیم ملی ۱۰-۱۲ بازیکن جوان را دعوت می‌کند.'])).toEqual(['سرمربی تیم ملی ده تا دوازده بازیکن جوان را دعوت می‌کند.']);
    expect(spokenBody(['این طرح در سال‌های ۱۳۹۰-۱۴۰۰ اجرا شد.'], 'Sports')).toEqual(['این طرح در سال‌های هزار و سیصد و نود تا هزار و چهارصد اجرا شد.']);
  });

  it('reads a ratio outside sports as «به»', () => {
    expect(speakNumbersFa('نسبت ۳:۱ برای ترکیب بتن توصیه شد')).toBe('نسبت سه به یک برای ترکیب بتن توصیه شد');
  });

  it('knows a sports line by its words', () => {
    expect(isSportsLine('پرسپولیس در دیدار امروز پیروز شد')).toBe(true);
    expect(isSportsLine('بازی‌های المپیک آغاز شد')).toBe(true);
    expect(isSportsLine('قیمت نان افزایش یافت')).toBe(false);
  });
});

describe('every number of a news sentence is read', () => {
  it('reads dates, percentages, currencies and scores in one article', () => {
    const body = spokenBody([
      'بانک مرکزی روز ۱۴۰۳/۰۷/۱۵ اعلام کرد تورم به ۳۲٫۵٪ رسید.',
      'هر دلار ۵۸٬۵۰۰ تومان و هر یورو $1.1 معامله شد.',
      'تیم ملی در ساعت ۱۸:۳۰ با نتیجه ۳-۰ برنده شد.',
    ]);
    expect(body).toEqual([
      'بانک مرکزی روز پانزدهم مهر هزار و چهارصد و سه اعلام کرد تورم به سی و دو ممیز پنج درصد رسید.',
      'هر دلار پنجاه و هشت هزار و پانصد تومان و هر یورو یک ممیز یک دلار معامله شد.',
      'تیم ملی در ساعت هجده و سی دقیقه با نتیجه سه بر صفر برنده شد.',
    ]);
    expect(body.join(' ')).not.toMatch(/[\d۰-۹A-Za-z%٪$]/);
  });
});

describe('an editor\'s own speech text', () => {
  it('is made speakable line by line, and otherwise kept as written', () => {
    expect(speakableText('  نشست سران G7 در ژاپن.  \n\nاستقلال با نتیجه ۳-۱ برد.\nجمله‌ای بی‌عدد.')).toBe('نشست سران جی هفت در ژاپن.\nاستقلال با نتیجه سه بر یک برد.\nجمله‌ای بی‌عدد.');
  });
});
