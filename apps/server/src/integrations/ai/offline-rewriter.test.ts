import { describe, expect, it } from 'vitest';
import { cleanPostText } from './clean-post.ts';
import { createOfflineRewriter, makeExcerpt, rewriteOffline } from './offline-rewriter.ts';
import { RewriteError, type RewriteInput } from './types.ts';

const post = (text: string, hashtags: string[] = [], channel = 'akhbar_rooz'): RewriteInput => ({ text, hashtags, channel });

const FOREIGN_MINISTER = post(
  [
    '🔴وزیر امور خارجه: دور تازه مذاکرات هفته آینده در ژنو برگزار می‌شود',
    '',
    'وزیر امور خارجه امروز در جمع خبرنگاران گفت دور چهارم گفت‌وگوها با حضور نمایندگان سه کشور اروپایی روز سه‌شنبه ۲۵ آذر در ژنو آغاز می‌شود و دست‌کم ۲ روز ادامه خواهد داشت.',
    'او افزود: «تهران آماده توافقی منصفانه است و دیپلماسی را کنار نمی‌گذارد.»',
    '',
    '#سیاست_خارجی #مذاکرات',
    '🆔 @akhbar_rooz',
  ].join('\n'),
  ['سیاست_خارجی', 'مذاکرات'],
);

describe('rewriteOffline', () => {
  it('makes the headline line the title and the rest the article', () => {
    const result = rewriteOffline(FOREIGN_MINISTER);
    expect(result.title).toBe('وزیر امور خارجه: دور تازه مذاکرات هفته آینده در ژنو برگزار می‌شود');
    expect(result.excerpt.startsWith('وزیر امور خارجه امروز در جمع خبرنگاران')).toBe(true);
    expect(result.excerpt.length).toBeLessThanOrEqual(220);
    expect(result.content).toBe(
      '<p>وزیر امور خارجه امروز در جمع خبرنگاران گفت دور چهارم گفت‌وگوها با حضور نمایندگان سه کشور اروپایی روز سه‌شنبه ۲۵ آذر در ژنو آغاز می‌شود و دست‌کم ۲ روز ادامه خواهد داشت.</p>\n' +
        '<p>او افزود: «تهران آماده توافقی منصفانه است و دیپلماسی را کنار نمی‌گذارد.»</p>',
    );
    expect(result.category).toBe('Politics');
    expect(result.keywords.slice(0, 2)).toEqual(['سیاست خارجی', 'مذاکرات']);
    expect(result.metaDescription.length).toBeLessThanOrEqual(150);
  });

  it('removes signatures, join calls, Telegram links, mentions and emoji', () => {
    const result = rewriteOffline(
      post(
        [
          '⚡️ فوری | اختلال گسترده در اینترنت همراه در چند استان',
          'کاربران در ۵ استان از قطعی و کندی شدید اینترنت همراه از ساعت ۱۱ صبح خبر می‌دهند.',
          '➖➖➖➖➖',
          '👈 به کانال ما بپیوندید: @akhbar_rooz',
          'https://t.me/akhbar_rooz',
          '📣 Join: t.me/akhbar_rooz',
          '🌐🌐🌐',
        ].join('\n'),
        ['اینترنت'],
      ),
    );
    expect(result.title).toBe('اختلال گسترده در اینترنت همراه در چند استان');
    expect(result.content).toBe('<p>کاربران در ۵ استان از قطعی و کندی شدید اینترنت همراه از ساعت ۱۱ صبح خبر می‌دهند.</p>');
    for (const field of [result.title, result.excerpt, result.content]) expect(field).not.toMatch(/t\.me|@|بپیوندید|Join|➖|🌐|⚡|فوری/);
    expect(result.category).toBe('Technology');
  });

  it('cuts a long first sentence at a clause, without trailing punctuation, and says it goes on with «…»', () => {
    const result = rewriteOffline(
      post(
        'رئیس کل بانک مرکزی در نشست امروز شورای پول و اعتبار که با حضور وزیر اقتصاد و رئیس سازمان برنامه برگزار شد، از کاهش نرخ سود سپرده‌های بانکی به ۲۰ درصد از ابتدای ماه آینده خبر داد و گفت این تصمیم برای مهار تورم گرفته شده است.',
      ),
    );
    expect(result.title.length).toBeLessThanOrEqual(110);
    expect(result.title).toBe('رئیس کل بانک مرکزی در نشست امروز شورای پول و اعتبار که با حضور وزیر اقتصاد و رئیس سازمان برنامه برگزار شد…');
    // The cut sentence stays whole in the article.
    expect(result.content).toContain('۲۰ درصد از ابتدای ماه آینده');
    expect(result.category).toBe('Economy');
  });

  it('cuts a long first sentence with no clause break after its last whole word, with «…», within 110 characters', () => {
    const text = 'وزیر نیرو امروز در بازدید از نیروگاه‌های استان خوزستان گفت که با توجه به افزایش مصرف برق در تابستان برنامه‌ریزی‌های لازم برای جلوگیری از خاموشی‌های گسترده در شهرهای بزرگ کشور انجام شده است.';
    const { title } = rewriteOffline(post(text));
    expect(title).toBe('وزیر نیرو امروز در بازدید از نیروگاه‌های استان خوزستان گفت که با توجه به افزایش مصرف برق در تابستان…');
    expect(title.length).toBeLessThanOrEqual(110);
    // Every word before the «…» is a whole word of the post.
    const words = new Set(text.split(' '));
    for (const word of title.slice(0, -1).split(' ')) expect(words.has(word), word).toBe(true);
  });

  it('never ends a title inside a time or an address: their colons are no clause break', () => {
    const { title } = rewriteOffline(post('سخنگوی دولت اعلام کرد جلسه هیئت وزیران برای بررسی لایحه بودجه از ساعت ۱۰:۳۰ صبح فردا برگزار خواهد شد و نتایج آن بلافاصله اعلام می‌شود و خبرنگاران در جریان قرار خواهند گرفت.'));
    expect(title).toBe('سخنگوی دولت اعلام کرد جلسه هیئت وزیران برای بررسی لایحه بودجه از ساعت ۱۰:۳۰ صبح فردا برگزار خواهد شد و نتایج…');
    expect(title.length).toBeLessThanOrEqual(110);
  });

  it('leaves a title that fits whole, with no «…»', () => {
    expect(rewriteOffline(FOREIGN_MINISTER).title).not.toContain('…');
  });

  it('takes the next sentence along when the first is too short for a title', () => {
    const result = rewriteOffline(post('تهران.\nنخستین برف پاییزی در ارتفاعات شمال تهران بارید.'));
    expect(result.title).toBe('تهران: نخستین برف پاییزی در ارتفاعات شمال تهران بارید');
  });

  it('finds keywords from hashtags, inline hashtags, names and repeated words, never a unit word', () => {
    const result = rewriteOffline(
      post('شاخص کل بورس تهران ۴۵ هزار واحد رشد کرد.\nشاخص کل در پایان معاملات امروز به ۳ میلیون و ۲۱۰ هزار واحد رسید و #بازار_سرمایه سبزپوش شد.', ['بورس']),
    );
    expect(result.keywords).toEqual(['بورس', 'بازار سرمایه', 'شاخص کل', 'بورس تهران']);
    expect(result.content).toContain('و بازار سرمایه سبزپوش شد');
    expect(result.category).toBe('Economy');
  });

  it.each([
    ['Politics', 'مجلس طرح استیضاح وزیر کشور را در دستور کار قرار داد و نمایندگان درباره آن رأی می‌دهند.'],
    ['Economy', 'نرخ تورم نقطه‌ای در آبان‌ماه به ۳۸.۲ درصد رسید و قیمت کالاهای اساسی در بازار افزایش یافت.'],
    ['Technology', 'گوگل نسخه تازه مدل هوش مصنوعی خود را معرفی کرد که روی گوشی‌های اندرویدی اجرا می‌شود.'],
    ['Health', 'وزارت بهداشت: موج آنفلوآنزا در ۱۲ استان فعال است و تزریق واکسن به بیماران زمینه‌ای توصیه می‌شود.'],
    ['Culture', 'فیلم «سرزمین خاموش» برنده جایزه بهترین فیلم جشنواره فیلم فجر شد و کارگردان آن جایزه را به مردم تقدیم کرد.'],
    ['Sports', 'تیم ملی فوتبال ایران با برتری ۲ بر ۱ مقابل ژاپن به فینال جام ملت‌های آسیا رسید.'],
  ])('puts a %s story in its category', (category, text) => {
    expect(rewriteOffline(post(text)).category).toBe(category);
  });

  it('falls back to Politics only when no rule word matches, and stays deterministic', () => {
    const weather = post('هواشناسی برای ۸ استان شمالی هشدار نارنجی بارش شدید صادر کرد.');
    expect(rewriteOffline(weather).category).toBe('Politics');
    expect(rewriteOffline(weather)).toEqual(rewriteOffline(weather));
  });

  it('fixes Arabic letters and keeps every number of the post', () => {
    const result = rewriteOffline(post('كاهش ۱۲ درصدي توليد نفت در ماه گذشته؛ صادرات به ۱٫۲ ميليون بشكه رسيد.'));
    expect(result.title).not.toMatch(/[يك]/);
    expect(result.content).toContain('۱٫۲');
  });

  it('refuses a post with nothing but a signature', () => {
    expect(() => rewriteOffline(post('🆔 @akhbar_rooz\n#خبر'))).toThrow(RewriteError);
  });
});

describe('cleanPostText', () => {
  it('keeps membership news and quotes but drops the channel promo', () => {
    const text = cleanPostText('عضویت ایران در سازمان همکاری شانگهای قطعی شد.\n«این یک پیروزی است»\nعضو کانال ما شوید 👇\n@akhbar_rooz', { channel: 'akhbar_rooz' });
    expect(text).toBe('عضویت ایران در سازمان همکاری شانگهای قطعی شد.\n«این یک پیروزی است»');
  });
});

describe('the offline lead', () => {
  const sentence = (n: number) => `جمله شماره ${n} این خبر درباره بودجه سال آینده است.`;

  it('summarises the first paragraph with its first sentences, never the whole paragraph', () => {
    expect(makeExcerpt([sentence(1), sentence(2), sentence(3)].join(' '))).toBe(`${sentence(1)} ${sentence(2)}`);
    expect(makeExcerpt(`${sentence(1)} ${sentence(2)}\n${sentence(3)}`)).toBe(sentence(1));
    // A one-sentence paragraph is the lead itself; the article page then shows it once.
    expect(makeExcerpt(`${sentence(1)}\n${sentence(2)}`)).toBe(sentence(1));
  });

  it('stays within 220 characters and ends at a sentence end when one fits', () => {
    const long = `${'واژه '.repeat(40).trim()}.`;
    const lead = makeExcerpt(`${sentence(1)} ${long} ${sentence(3)}`);
    expect(lead).toBe(sentence(1));
    const endless = makeExcerpt(`${'واژه '.repeat(80).trim()}. ${sentence(2)}`);
    expect(endless.length).toBeLessThanOrEqual(220);
    expect(endless.endsWith('…')).toBe(true);
  });

  it('is what rewriteOffline gives as the excerpt', () => {
    const result = rewriteOffline(post(`عنوان خبر درباره بودجه سال آینده\n${sentence(1)} ${sentence(2)}\n${sentence(3)}`));
    expect(result.excerpt).toBe(sentence(1));
    expect(result.content.startsWith(`<p>${sentence(1)} ${sentence(2)}</p>`)).toBe(true);
  });
});

describe('createOfflineRewriter', () => {
  it('regenerates single fields from article HTML', async () => {
    const rewriter = createOfflineRewriter();
    expect(rewriter.name).toBe('offline');
    const html = '<p>اختلال گسترده در اینترنت همراه</p><p>کاربران در ۵ استان از قطعی اینترنت خبر می‌دهند. علت نقص فنی اعلام شد.</p>';
    expect(await rewriter.regenerateField({ field: 'title', content: html })).toBe('اختلال گسترده در اینترنت همراه');
    // The lead is not the whole first paragraph: the page would say it twice.
    expect(await rewriter.regenerateField({ field: 'excerpt', content: html })).toBe('کاربران در ۵ استان از قطعی اینترنت خبر می‌دهند.');
    expect((await rewriter.regenerateField({ field: 'metaDescription', content: html })).length).toBeLessThanOrEqual(150);
    expect(await rewriter.regenerateField({ field: 'content', content: html })).toContain('<p>کاربران در ۵ استان');
  });
});
