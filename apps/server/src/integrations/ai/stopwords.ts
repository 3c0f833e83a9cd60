// Persian words too common to describe a story: particles, pronouns, auxiliary
// and reporting verbs, and the filler of news prose ('گفت', 'اعلام', 'امروز').
// Compared after normalizePersian, which turns ZWNJ into a space: 'آن‌ها' is
// stored as 'آن ها' and matches however the post spells it.
import { normalizePersian } from '@chapar/shared/text';

const WORDS = `
و در به از که این را با است برای آن یک تا هم بر شد شده شود می نمی ها های ای
اما یا اگر نیز پس چون چه چرا چگونه کجا کی وقتی هر همه هیچ دیگر دیگری خود خویش
من تو او ما شما آنها ایشان وی اینها آنان همین همان چنین چنان بسیار خیلی بیش کم
بیشتر کمتر پیش پس بعد قبل روی زیر بین میان درباره سوی طی طبق توسط علیه بدون جز
باید نباید شاید هست نیست بود بودند باشد باشند داشت دارد دارند داشته کرد کرده کند
کنند کردند کنیم کنید گفت گفته گوید گویند گفتند افزود افزوده اعلام نمود نموده
خواهد خواهند داد داده دهد آن‌ها این‌ها آن‌چه شده‌است شده‌اند بوده‌است
زیرا ولی لیکن بلکه هنوز فقط تنها
حتی البته اکنون حالا امروز دیروز فردا امسال سال ماه روز هفته ساعت بار مورد موارد
براساس اساس همچنین همچون مانند مثل نظیر چند چندین برخی بعضی تمام کل کلیه سایر
دو سه چهار پنج شش هفت هشت نه ده صد هزار میلیون میلیارد اول دوم سوم نخست نخستین
آغاز پایان اینکه آنکه چنانکه درحالی حال بنابراین لذا سپس ضمن نزد ای کسی چیزی
جایی گونه نوع طور شکل جهت سمت پی گزارش خبر خبرنگار خبرگزاری نقل قول اظهار
عنوان جمله وجود انجام صورت قرار گرفت گرفته گیرد دست داشتن شدن کردن بودن
یکی دیگران همچنان تاکنون اخیر اخیرا جدید تازه کنون آنچه هرچه همراه ادامه
رسید رسیده رسیدند برگزار شدند کردند گذشته آینده جاری کامل
`;

export const PERSIAN_STOPWORDS: ReadonlySet<string> = new Set(
  WORDS.split(/\s+/)
    .filter(Boolean)
    .map((word) => normalizePersian(word)),
);

/** Whether a normalised token is a stop word or too short or numeric to be a keyword. */
export function isStopword(normalisedToken: string): boolean {
  if (normalisedToken.length < 3) return true;
  if (/^[\d.,]+$/.test(normalisedToken)) return true;
  return PERSIAN_STOPWORDS.has(normalisedToken);
}
