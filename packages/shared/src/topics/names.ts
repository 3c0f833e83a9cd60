// Multi-word names of Persian news, kept whole as one topic ('بانک مرکزی', not 'بانک' and
// 'مرکزی'). Two sources: names the newsroom meets every week, and head nouns that open a
// name ('وزارت …', 'سازمان …', 'لیگ …'), so 'وزارت بهداشت' is one topic even when it is
// mentioned once.
import { normalizePersian } from '../text/normalize.ts';
import { topicKey } from './key.ts';

const KNOWN = `
بانک مرکزی|لیگ برتر|تیم ملی|سازمان ملل|سازمان ملل متحد|شورای امنیت|شورای امنیت ملی|مجلس شورای اسلامی
قوه قضاییه|قوه مجریه|قوه مقننه|وزارت امور خارجه|وزیر امور خارجه|وزیر خارجه|آموزش و پرورش|هوش مصنوعی
بازار سرمایه|بورس تهران|اتحادیه اروپا|سازمان بهداشت جهانی|صندوق بین‌المللی پول|بانک جهانی
آژانس بین‌المللی انرژی اتمی|سازمان هواشناسی|مرکز آمار|شورای شهر|جام جهانی|لیگ قهرمانان آسیا
فدراسیون فوتبال|کمیته ملی المپیک|محیط زیست|آلودگی هوا|امنیت سایبری|نرخ تورم|نرخ بیکاری|نرخ ارز
بازار ارز|بازار طلا|بازار مسکن|بازار کار|قیمت دلار|قیمت طلا|قیمت مسکن|خودروی برقی|انرژی خورشیدی
تغییر اقلیم|تغییرات اقلیمی|بحران آب|کم‌آبی|دریای خزر|خلیج فارس|آسیای مرکزی|خاورمیانه|شورای نگهبان
مجمع تشخیص مصلحت نظام|دیوان محاسبات|سازمان برنامه و بودجه|وزارت راه و شهرسازی|وزارت علوم
وزارت بهداشت|وزارت کشور|وزارت اقتصاد|وزارت نفت|سازمان سنجش|کنکور سراسری|آزمون سراسری|میراث فرهنگی
نمایشگاه کتاب|جشنواره فیلم فجر|تلفن همراه|گوشی هوشمند|فیبر نوری|شبکه ملی اطلاعات|اینترنت ماهواره‌ای
قانون بودجه|لایحه بودجه|حقوق بشر|انرژی هسته‌ای|برنامه هسته‌ای|فشار خون|سلامت روان|بیمه سلامت
سازمان انتقال خون|هلال احمر|شاخص کل|وزیر کشور|بخش خصوصی|دیابت نوع دو|دیابت نوع یک|ثبت جهانی|سکه امامی|سازمان تأمین اجتماعی|تأمین اجتماعی|یارانه نقدی|کالابرگ|حمل‌ونقل عمومی
`;

// Nouns that open a name: the next one or two words belong to it.
const HEADS = `
بانک لیگ تیم سازمان وزارت وزیر شورای شورا مجلس کمیسیون فدراسیون دانشگاه جام جشنواره نمایشگاه
دیوان قوه اتحادیه صندوق مرکز پارک بازار استانداری شهرداری دادگاه دادستانی ستاد کمیته انجمن
موسسه مؤسسه شرکت نیروی پلیس اداره هیئت هیات باشگاه مسابقات رقابت‌های قانون لایحه بیمه دریای
رود کوه جزیره خلیج فرودگاه بندر بیمارستان ارکستر کنسرت
`;

const KNOWN_NAMES: ReadonlySet<string> = new Set(KNOWN.split(/[|\n]/).map((n) => topicKey(n)).filter(Boolean));
const NAME_HEADS: ReadonlySet<string> = new Set(HEADS.split(/\s+/).map((n) => normalizePersian(n)).filter(Boolean));

/** Whether a phrase, in any spelling, is one of the names the newsroom meets every week. */
export function isKnownName(phrase: string): boolean {
  return KNOWN_NAMES.has(topicKey(phrase));
}

/** Whether a normalised word opens a name ('وزارت', 'لیگ', 'بانک'). */
export function isNameHead(normalised: string): boolean {
  return NAME_HEADS.has(normalised);
}
