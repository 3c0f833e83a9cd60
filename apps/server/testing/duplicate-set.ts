// A labelled set of Persian news pairs for the duplicate detector, built the way two
// channels report: every event is written once by the first channel; the second
// channel's copy of the same event moves sentences, swaps words for synonyms, writes
// its own headline, drops a sentence, and adds emoji, hashtags and its signature.
// Pairs of *different* events come from the same topic: the same kind of story (two
// earthquakes, two exchange-rate reports, two matches) with other places, people and
// figures, drawing on the same topic's phrasing. Seeded, so every run builds the same set.

export interface Story { title: string; body: string }
export interface LabelledPair { a: Story; b: Story; duplicate: boolean; topic: string }

type Slots = Record<string, string>;
interface Topic {
  name: string;
  titles: string[];
  sentences: string[];
  /** Each event's own slot values. */
  events: Slots[];
}

const fa = (n: number | string) => String(n).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]).replace('.', '٫');

const TOPICS: Topic[] = [
  {
    name: 'earthquake',
    titles: ['زلزله {mag} ریشتری {city} را لرزاند', 'زمین‌لرزه‌ای به بزرگی {mag} ریشتر در {city}'],
    sentences: [
      'زمین‌لرزه‌ای به بزرگی {mag} ریشتر بامداد امروز {city} در استان {province} را لرزاند.',
      'به گفته مرکز لرزه‌نگاری مؤسسه ژئوفیزیک دانشگاه تهران، کانون این زلزله در عمق {depth} کیلومتری زمین بوده است.',
      'مدیرکل مدیریت بحران استان {province} گفت تاکنون گزارشی از خسارت جانی دریافت نشده و تیم‌های ارزیاب به منطقه اعزام شده‌اند.',
      'این زمین‌لرزه در شهرهای {near} نیز احساس شد و برخی از مردم شب را بیرون از خانه گذراندند.',
      'هلال احمر {province} اعلام کرد {teams} تیم امدادی در حالت آماده‌باش قرار دارند.',
      'در ساعات پس از زلزله {after} پس‌لرزه در منطقه ثبت شده است.',
    ],
    events: [
      { city: 'بم', province: 'کرمان', mag: '5.2', depth: '10', near: 'نرماشیر و فهرج', teams: '14', after: '6' },
      { city: 'خوی', province: 'آذربایجان غربی', mag: '4.7', depth: '8', near: 'سلماس و چایپاره', teams: '9', after: '11' },
      { city: 'سرپل ذهاب', province: 'کرمانشاه', mag: '4.1', depth: '12', near: 'قصرشیرین و گیلانغرب', teams: '7', after: '3' },
      { city: 'فیروزکوه', province: 'تهران', mag: '3.9', depth: '7', near: 'دماوند و پردیس', teams: '5', after: '2' },
      { city: 'هجدک', province: 'کرمان', mag: '5.6', depth: '15', near: 'راور و زرند', teams: '18', after: '23' },
      { city: 'بندر گناوه', province: 'بوشهر', mag: '4.4', depth: '9', near: 'دیلم و بندر ریگ', teams: '6', after: '5' },
    ],
  },
  {
    name: 'currency',
    titles: ['قیمت دلار در بازار آزاد به {price} تومان رسید', 'دلار {price} تومانی شد؛ یورو {euro} تومان'],
    sentences: [
      'قیمت هر دلار آمریکا در بازار آزاد تهران امروز {day} به {price} تومان رسید.',
      'یورو نیز با {move} به {euro} تومان معامله شد.',
      'فعالان بازار ارز دلیل این تغییر را {cause} می‌دانند.',
      'در مرکز مبادله ارز و طلای ایران نرخ حواله دلار {official} تومان اعلام شد.',
      'قیمت هر سکه تمام بهار آزادی طرح جدید نیز به {coin} میلیون تومان رسید.',
    ],
    events: [
      { day: 'شنبه', price: '102,300', euro: '110,800', move: 'افزایش ۹۰۰ تومانی', cause: 'اخبار مذاکرات هسته‌ای', official: '71,200', coin: '78' },
      { day: 'دوشنبه', price: '98,750', euro: '106,400', move: 'کاهش ۱۲۰۰ تومانی', cause: 'عرضه ارز صادرکنندگان', official: '70,950', coin: '74.5' },
      { day: 'چهارشنبه', price: '105,100', euro: '113,900', move: 'افزایش ۱۵۰۰ تومانی', cause: 'تنش‌های منطقه‌ای', official: '71,800', coin: '81' },
      { day: 'یکشنبه', price: '99,900', euro: '108,200', move: 'کاهش ۴۰۰ تومانی', cause: 'سیاست‌های بانک مرکزی', official: '70,400', coin: '76.2' },
      { day: 'سه‌شنبه', price: '101,050', euro: '109,300', move: 'افزایش ۲۰۰ تومانی', cause: 'تقاضای فصلی واردکنندگان', official: '71,050', coin: '77.3' },
      { day: 'پنجشنبه', price: '103,600', euro: '112,100', move: 'افزایش ۷۰۰ تومانی', cause: 'نگرانی از تحریم‌های تازه', official: '72,100', coin: '79.8' },
    ],
  },
  {
    name: 'football',
    titles: ['پیروزی {winner} مقابل {loser} با نتیجه {score}', '{winner} {score} {loser} را شکست داد'],
    sentences: [
      'تیم فوتبال {winner} در هفته {week} لیگ برتر با نتیجه {score} از سد {loser} گذشت.',
      'گل‌های این دیدار را {scorers} به ثمر رساندند.',
      'این مسابقه در ورزشگاه {stadium} و با حضور {fans} هزار تماشاگر برگزار شد.',
      'سرمربی {loser} پس از بازی گفت داوری روی نتیجه اثر گذاشت.',
      '{winner} با این پیروزی {points} امتیازی شد و به رده {rank} جدول رسید.',
    ],
    events: [
      { winner: 'استقلال', loser: 'سپاهان', score: '2-1', week: '12', scorers: 'مهدی قایدی و رامین رضاییان', stadium: 'آزادی', fans: '45', points: '27', rank: 'دوم' },
      { winner: 'پرسپولیس', loser: 'تراکتور', score: '3-0', week: '13', scorers: 'عیسی آل‌کثیر و امید عالیشاه', stadium: 'یادگار امام تبریز', fans: '60', points: '30', rank: 'اول' },
      { winner: 'فولاد', loser: 'گل‌گهر', score: '1-0', week: '9', scorers: 'سعید صادقی', stadium: 'فولاد آرنا', fans: '12', points: '19', rank: 'پنجم' },
      { winner: 'سپاهان', loser: 'ملوان', score: '4-2', week: '14', scorers: 'کاوه رضایی و محمد محبی', stadium: 'نقش جهان', fans: '30', points: '28', rank: 'سوم' },
      { winner: 'تراکتور', loser: 'آلومینیوم اراک', score: '2-0', week: '11', scorers: 'دومینگوس و مهدی ترابی', stadium: 'یادگار امام', fans: '52', points: '24', rank: 'چهارم' },
      { winner: 'ذوب آهن', loser: 'مس رفسنجان', score: '3-2', week: '10', scorers: 'مهدی زارع و علی نعمتی', stadium: 'فولادشهر', fans: '8', points: '16', rank: 'هشتم' },
    ],
  },
  {
    name: 'diplomacy',
    titles: ['دیدار {minister} با وزیر خارجه {country} در {city}', 'گفت‌وگوی {minister} و همتای {adj} در {city}'],
    sentences: [
      '{minister} وزیر امور خارجه امروز در {city} با {counterpart} وزیر خارجه {country} دیدار و گفت‌وگو کرد.',
      'دو طرف در این دیدار درباره {subject} رایزنی کردند.',
      'به گفته سخنگوی وزارت خارجه، قرار است کمیسیون مشترک دو کشور {when} در {venue} تشکیل شود.',
      '{counterpart} در این دیدار از {thanks} قدردانی کرد.',
      'این سفر {days} روزه به دعوت رسمی دولت {country} انجام شده است.',
    ],
    events: [
      { minister: 'عباس عراقچی', country: 'عمان', adj: 'عمانی', city: 'مسقط', counterpart: 'بدر البوسعیدی', subject: 'امنیت کشتیرانی در تنگه هرمز', when: 'ماه آینده', venue: 'تهران', thanks: 'میزبانی نشست منطقه‌ای', days: 'دو' },
      { minister: 'عباس عراقچی', country: 'قطر', adj: 'قطری', city: 'دوحه', counterpart: 'محمد بن عبدالرحمن آل ثانی', subject: 'همکاری‌های گازی در میدان مشترک پارس جنوبی', when: 'پاییز', venue: 'دوحه', thanks: 'حمایت از مذاکرات آتش‌بس', days: 'سه' },
      { minister: 'عباس عراقچی', country: 'ترکیه', adj: 'ترک', city: 'آنکارا', counterpart: 'هاکان فیدان', subject: 'ترانزیت کالا و خط لوله گاز', when: 'زمستان', venue: 'آنکارا', thanks: 'همکاری در مهار سیل', days: 'یک' },
      { minister: 'عباس عراقچی', country: 'روسیه', adj: 'روس', city: 'مسکو', counterpart: 'سرگئی لاوروف', subject: 'کریدور شمال و جنوب', when: 'بهار', venue: 'مسکو', thanks: 'هماهنگی در شورای امنیت', days: 'دو' },
      { minister: 'عباس عراقچی', country: 'عراق', adj: 'عراقی', city: 'بغداد', counterpart: 'فؤاد حسین', subject: 'زائران اربعین و مرزهای مشترک', when: 'تابستان', venue: 'بغداد', thanks: 'کمک به بازسازی برق', days: 'یک' },
      { minister: 'عباس عراقچی', country: 'چین', adj: 'چینی', city: 'پکن', counterpart: 'وانگ یی', subject: 'اجرای سند همکاری ۲۵ ساله', when: 'ماه بعد', venue: 'پکن', thanks: 'حمایت از عضویت در بریکس', days: 'چهار' },
    ],
  },
  {
    name: 'weather',
    titles: ['هشدار نارنجی هواشناسی برای {province}', 'بارش شدید و سیلاب در راه {province}'],
    sentences: [
      'سازمان هواشناسی برای استان {province} از {from} تا {to} هشدار سطح نارنجی صادر کرد.',
      'پیش‌بینی می‌شود بارش‌ها در {areas} تا {rain} میلی‌متر برسد.',
      'مدیریت بحران استان از مردم خواست از تردد غیرضروری در {roads} خودداری کنند.',
      'دمای هوا در این مدت تا {temp} درجه کاهش می‌یابد.',
      'مدارس {schools} فردا تعطیل اعلام شده است.',
    ],
    events: [
      { province: 'مازندران', from: 'دوشنبه', to: 'چهارشنبه', areas: 'ساری و آمل', rain: '80', roads: 'جاده هراز', temp: '6', schools: 'شهرستان‌های شرقی' },
      { province: 'گیلان', from: 'شنبه', to: 'دوشنبه', areas: 'رشت و آستارا', rain: '120', roads: 'جاده رشت قزوین', temp: '4', schools: 'تالش و رضوانشهر' },
      { province: 'خوزستان', from: 'سه‌شنبه', to: 'پنجشنبه', areas: 'ایذه و باغملک', rain: '60', roads: 'جاده اهواز ایذه', temp: '9', schools: 'شمال استان' },
      { province: 'کهگیلویه و بویراحمد', from: 'یکشنبه', to: 'سه‌شنبه', areas: 'یاسوج و دنا', rain: '95', roads: 'گردنه بیژن', temp: '2', schools: 'بویراحمد' },
      { province: 'گلستان', from: 'چهارشنبه', to: 'جمعه', areas: 'گرگان و علی‌آباد', rain: '70', roads: 'جاده گرگان مشهد', temp: '7', schools: 'گنبد کاووس' },
      { province: 'لرستان', from: 'پنجشنبه', to: 'شنبه', areas: 'پلدختر و معمولان', rain: '85', roads: 'جاده خرم‌آباد پل‌زال', temp: '5', schools: 'پلدختر' },
    ],
  },
  {
    name: 'accident',
    titles: ['واژگونی اتوبوس در {road}؛ {injured} نفر مصدوم شدند', 'حادثه رانندگی در {road} با {dead} کشته'],
    sentences: [
      'یک دستگاه اتوبوس مسافربری حامل {passengers} مسافر صبح امروز در {road} واژگون شد.',
      'در این حادثه {dead} نفر جان باختند و {injured} نفر مصدوم شدند.',
      'رئیس پلیس راه {province} علت حادثه را {cause} اعلام کرد.',
      'مصدومان به بیمارستان {hospital} منتقل شده‌اند و حال {critical} نفر از آنان وخیم است.',
      'اتوبوس از {origin} به مقصد {dest} در حرکت بود.',
    ],
    events: [
      { road: 'محور کرمان بم', passengers: '38', dead: '2', injured: '21', province: 'کرمان', cause: 'خستگی و خواب‌آلودگی راننده', hospital: 'شهید باهنر', critical: '3', origin: 'تهران', dest: 'بم' },
      { road: 'آزادراه قزوین زنجان', passengers: '42', dead: '4', injured: '17', province: 'زنجان', cause: 'لغزندگی جاده', hospital: 'ولیعصر زنجان', critical: '2', origin: 'تبریز', dest: 'مشهد' },
      { road: 'گردنه حیران', passengers: '29', dead: '1', injured: '12', province: 'اردبیل', cause: 'نقص فنی ترمز', hospital: 'امام خمینی اردبیل', critical: '1', origin: 'آستارا', dest: 'اردبیل' },
      { road: 'محور شیراز اصفهان', passengers: '44', dead: '3', injured: '26', province: 'فارس', cause: 'سرعت غیرمجاز', hospital: 'شهید رجایی شیراز', critical: '5', origin: 'شیراز', dest: 'تهران' },
      { road: 'جاده ایلام مهران', passengers: '35', dead: '6', injured: '30', province: 'ایلام', cause: 'انحراف به چپ', hospital: 'امام خمینی ایلام', critical: '4', origin: 'قم', dest: 'مهران' },
      { road: 'محور سبزوار نیشابور', passengers: '31', dead: '0', injured: '9', province: 'خراسان رضوی', cause: 'ترکیدن لاستیک', hospital: '۲۲ بهمن نیشابور', critical: '1', origin: 'مشهد', dest: 'گرگان' },
    ],
  },
  {
    name: 'oil',
    titles: ['قیمت نفت برنت به {brent} دلار رسید', 'نفت برنت {move}؛ هر بشکه {brent} دلار'],
    sentences: [
      'قیمت هر بشکه نفت برنت در معاملات امروز با {move} به {brent} دلار رسید.',
      'نفت خام آمریکا نیز {wti} دلار معامله شد.',
      'تحلیلگران این تغییر را به {cause} نسبت می‌دهند.',
      'اوپک پلاس قرار است در نشست {meeting} درباره سطح تولید تصمیم بگیرد.',
      'ذخایر نفت خام آمریکا در هفته گذشته {stock} میلیون بشکه تغییر کرد.',
    ],
    events: [
      { brent: '82.4', wti: '78.1', move: 'افزایش ۱.۲ درصدی', cause: 'کاهش ذخایر آمریکا', meeting: 'وین', stock: '3.1' },
      { brent: '79.6', wti: '75.3', move: 'کاهش ۰.۸ درصدی', cause: 'نگرانی از رکود چین', meeting: 'ریاض', stock: '2.4' },
      { brent: '85.9', wti: '81.7', move: 'افزایش ۲.۵ درصدی', cause: 'تنش در دریای سرخ', meeting: 'آنلاین ماه آینده', stock: '5.6' },
      { brent: '77.2', wti: '73.4', move: 'کاهش ۱.۶ درصدی', cause: 'افزایش تولید برزیل', meeting: 'ابوظبی', stock: '1.9' },
      { brent: '88.3', wti: '84.0', move: 'افزایش ۳.۱ درصدی', cause: 'توقف صادرات لیبی', meeting: 'وین در آذر', stock: '4.7' },
      { brent: '80.1', wti: '76.6', move: 'کاهش ۰.۴ درصدی', cause: 'تقویت دلار', meeting: 'ریاض در دی', stock: '0.8' },
    ],
  },
  {
    name: 'health',
    titles: ['شمار مبتلایان به {disease} در {province} به {cases} نفر رسید', 'افزایش موارد {disease} در {province}'],
    sentences: [
      'معاون بهداشت دانشگاه علوم پزشکی {province} گفت شمار مبتلایان به {disease} به {cases} نفر رسیده است.',
      'از این تعداد {hosp} نفر در بیمارستان بستری هستند.',
      'بیشترین موارد ابتلا در {areas} گزارش شده است.',
      'او از مردم خواست {advice}.',
      'واکسیناسیون {group} از هفته آینده در {centers} مرکز آغاز می‌شود.',
    ],
    events: [
      { province: 'سیستان و بلوچستان', disease: 'مالاریا', cases: '412', hosp: '37', areas: 'سرباز و راسک', advice: 'از پشه‌بند استفاده کنند', group: 'کودکان زیر پنج سال', centers: '56' },
      { province: 'هرمزگان', disease: 'تب دنگی', cases: '238', hosp: '19', areas: 'بندرعباس و بندر لنگه', advice: 'آب‌های راکد را تخلیه کنند', group: 'کادر درمان', centers: '22' },
      { province: 'خوزستان', disease: 'وبا', cases: '57', hosp: '12', areas: 'خرمشهر و آبادان', advice: 'آب لوله‌کشی را جوشانده مصرف کنند', group: 'ساکنان روستاهای مرزی', centers: '31' },
      { province: 'تهران', disease: 'آنفلوآنزا', cases: '1,860', hosp: '240', areas: 'شرق و جنوب تهران', advice: 'در صورت علائم در خانه بمانند', group: 'سالمندان', centers: '145' },
      { province: 'گلستان', disease: 'سرخک', cases: '96', hosp: '8', areas: 'گنبد و کلاله', advice: 'کارت واکسن فرزندان را بررسی کنند', group: 'دانش‌آموزان', centers: '40' },
      { province: 'فارس', disease: 'تب کریمه کنگو', cases: '23', hosp: '14', areas: 'کازرون و ممسنی', advice: 'گوشت را از مراکز مجاز بخرند', group: 'قصابان و دامداران', centers: '18' },
    ],
  },
  {
    name: 'technology',
    titles: ['{company} از {product} رونمایی کرد', 'رونمایی {company} از {product} با قیمت {price}'],
    sentences: [
      'شرکت {company} امروز در مراسمی در {city} از {product} رونمایی کرد.',
      'این محصول با قیمت پایه {price} دلار از {date} عرضه می‌شود.',
      'به گفته مدیرعامل {company}، {feature} مهم‌ترین ویژگی محصول تازه است.',
      'تحلیلگران پیش‌بینی می‌کنند فروش آن در سال نخست به {sales} میلیون دستگاه برسد.',
      'رقیب اصلی این محصول {rival} است.',
    ],
    events: [
      { company: 'سامسونگ', product: 'گوشی تاشوی گلکسی زد فولد ۷', city: 'نیویورک', price: '1,799', date: 'اول مرداد', feature: 'نمایشگر بزرگ‌تر', sales: '4', rival: 'پیکسل فولد' },
      { company: 'اپل', product: 'هدست ویژن پرو ۲', city: 'کوپرتینو', price: '2,999', date: 'آذر', feature: 'وزن کمتر', sales: '1.2', rival: 'متا کوئست' },
      { company: 'شیائومی', product: 'خودروی برقی اس‌یو۸', city: 'پکن', price: '32,000', date: 'بهمن', feature: 'برد ۸۰۰ کیلومتری', sales: '0.3', rival: 'تسلا مدل ۳' },
      { company: 'گوگل', product: 'گوشی پیکسل ۱۰', city: 'مانتین‌ویو', price: '799', date: 'شهریور', feature: 'دستیار هوش مصنوعی جمنای', sales: '9', rival: 'آیفون' },
      { company: 'انویدیا', product: 'پردازنده گرافیکی آرتی‌ایکس ۶۰۹۰', city: 'سانتا کلارا', price: '1,999', date: 'دی', feature: 'توان محاسبات هوش مصنوعی', sales: '2.5', rival: 'رادئون' },
      { company: 'دیجی‌کالا', product: 'سرویس ارسال با پهپاد', city: 'تهران', price: '3', date: 'اسفند', feature: 'تحویل زیر یک ساعت', sales: '0.5', rival: 'اسنپ‌مارکت' },
    ],
  },
  {
    name: 'parliament',
    titles: ['مجلس {bill} را تصویب کرد', 'تصویب {bill} با {yes} رأی موافق'],
    sentences: [
      'نمایندگان مجلس در جلسه علنی امروز {bill} را با {yes} رأی موافق، {no} رأی مخالف و {abstain} رأی ممتنع تصویب کردند.',
      'بر اساس این مصوبه {detail}.',
      '{speaker} سخنگوی کمیسیون {committee} گفت این طرح {goal}.',
      'مصوبه برای بررسی نهایی به شورای نگهبان فرستاده می‌شود.',
      'دولت پیش‌تر با {objection} مخالفت کرده بود.',
    ],
    events: [
      { bill: 'طرح ساماندهی بازار خودرو', yes: '178', no: '22', abstain: '9', detail: 'واردات خودروهای کارکرده تا سه سال آزاد می‌شود', speaker: 'احمد نادری', committee: 'صنایع', goal: 'انحصار خودروسازان را می‌شکند', objection: 'بند تعرفه‌ها' },
      { bill: 'لایحه بودجه سال آینده', yes: '201', no: '35', abstain: '6', detail: 'حقوق کارکنان دولت ۲۰ درصد افزایش می‌یابد', speaker: 'حسین حسین‌زاده', committee: 'برنامه و بودجه', goal: 'کسری بودجه را مهار می‌کند', objection: 'سقف هزینه‌های عمرانی' },
      { bill: 'طرح حمایت از حقوق کاربران فضای مجازی', yes: '142', no: '61', abstain: '12', detail: 'پلتفرم‌های خارجی باید نماینده حقوقی در کشور داشته باشند', speaker: 'علی یزدیخواه', committee: 'فرهنگی', goal: 'امنیت داده‌های کاربران را تضمین می‌کند', objection: 'محدودیت پهنای باند' },
      { bill: 'لایحه مالیات بر عایدی سرمایه', yes: '165', no: '40', abstain: '14', detail: 'خانه‌های خالی و سکه مشمول مالیات می‌شوند', speaker: 'محمدرضا رضایی کوچی', committee: 'اقتصادی', goal: 'سوداگری را کاهش می‌دهد', objection: 'معافیت واحد اول' },
      { bill: 'طرح جوانی جمعیت اصلاحی', yes: '189', no: '18', abstain: '7', detail: 'مرخصی زایمان به ۱۲ ماه افزایش می‌یابد', speaker: 'زهره لاجوردی', committee: 'اجتماعی', goal: 'فرزندآوری را آسان‌تر می‌کند', objection: 'بار مالی صندوق‌ها' },
      { bill: 'لایحه تشکیل وزارت بازرگانی', yes: '151', no: '57', abstain: '10', detail: 'بخش تجارت از وزارت صمت جدا می‌شود', speaker: 'مصطفی طاهری', committee: 'صنایع', goal: 'تنظیم بازار را متمرکز می‌کند', objection: 'افزایش تشکیلات دولت' },
    ],
  },
  {
    name: 'culture',
    titles: ['فیلم {film} برنده {prize} جشنواره {festival} شد', 'جایزه {prize} {festival} به {film} رسید'],
    sentences: [
      'فیلم {film} به کارگردانی {director} در مراسم اختتامیه جشنواره {festival} جایزه {prize} را از آن خود کرد.',
      'این جشنواره امسال با حضور {count} فیلم از {countries} کشور برگزار شد.',
      '{director} در سخنرانی خود این جایزه را به {dedicate} تقدیم کرد.',
      'داستان فیلم درباره {story} است.',
      'این {nth} حضور سینمای ایران در بخش رقابتی {festival} بود.',
    ],
    events: [
      { film: 'کیک محبوب من', director: 'مریم مقدم', festival: 'برلین', prize: 'خرس نقره‌ای', count: '19', countries: '28', dedicate: 'زنان ایران', story: 'زنی تنها در تهران', nth: 'نهمین' },
      { film: 'جاده خاکی', director: 'پناه پناهی', festival: 'کن', prize: 'دوربین طلایی', count: '21', countries: '33', dedicate: 'پدرش', story: 'سفر یک خانواده به مرز', nth: 'دوازدهمین' },
      { film: 'دانه انجیر معابد', director: 'محمد رسول‌اف', festival: 'ونیز', prize: 'ویژه هیئت داوران', count: '23', countries: '40', dedicate: 'بازیگرانش', story: 'قاضی دادگاهی در روزهای اعتراض', nth: 'هفتمین' },
      { film: 'تفریق', director: 'مانی حقیقی', festival: 'توکیو', prize: 'بهترین فیلمنامه', count: '15', countries: '22', dedicate: 'همسرش', story: 'زوجی که همزاد خود را می‌بینند', nth: 'پنجمین' },
      { film: 'شب داخلی دیوار', director: 'وحید جلیلوند', festival: 'کارلووی واری', prize: 'کریستال بلورین', count: '12', countries: '18', dedicate: 'کارگران سینما', story: 'مردی نابینا در یک آپارتمان', nth: 'چهارمین' },
      { film: 'قهرمان', director: 'اصغر فرهادی', festival: 'سن سباستین', prize: 'صدف طلایی', count: '17', countries: '25', dedicate: 'مردم شیراز', story: 'زندانی که کیف پولی پیدا می‌کند', nth: 'ششمین' },
    ],
  },
  {
    name: 'transport',
    titles: ['خط {line} مترو {city} افتتاح شد', 'افتتاح {stations} ایستگاه جدید مترو {city}'],
    sentences: [
      'خط {line} قطار شهری {city} با {stations} ایستگاه امروز با حضور {official} افتتاح شد.',
      'طول این خط {km} کیلومتر است و روزانه {riders} هزار مسافر را جابه‌جا می‌کند.',
      'شهردار {city} گفت ساخت این خط {years} سال طول کشید و {cost} هزار میلیارد تومان هزینه داشت.',
      'تا پایان هفته سفر با این خط رایگان است.',
      'قطارهای این خط هر {headway} دقیقه یک بار حرکت می‌کنند.',
    ],
    events: [
      { line: '۷', city: 'تهران', stations: '6', official: 'وزیر کشور', km: '11', riders: '120', years: '9', cost: '14', headway: '7' },
      { line: '۲', city: 'مشهد', stations: '4', official: 'معاون اول رئیس‌جمهور', km: '8', riders: '70', years: '12', cost: '9', headway: '10' },
      { line: '۳', city: 'اصفهان', stations: '5', official: 'وزیر راه و شهرسازی', km: '9.5', riders: '55', years: '7', cost: '8', headway: '12' },
      { line: '۱', city: 'کرمانشاه', stations: '3', official: 'استاندار', km: '6', riders: '25', years: '15', cost: '5', headway: '15' },
      { line: '۲', city: 'تبریز', stations: '7', official: 'رئیس‌جمهور', km: '13', riders: '90', years: '10', cost: '12', headway: '8' },
      { line: '۴', city: 'شیراز', stations: '2', official: 'وزیر کشور', km: '4', riders: '18', years: '6', cost: '3', headway: '20' },
    ],
  },
];

// Words a second channel writes differently (both directions).
const SYNONYMS: Array<[string, string]> = [
  ['زمین‌لرزه', 'زلزله'], ['بامداد امروز', 'صبح امروز'], ['گفت', 'اعلام کرد'], ['اعلام کرد', 'گفت'], ['تاکنون', 'تا این لحظه'],
  ['رسید', 'رسیده است'], ['معامله شد', 'خرید و فروش شد'], ['دیدار', 'ملاقات'], ['رایزنی کردند', 'گفت‌وگو کردند'],
  ['مصدوم شدند', 'زخمی شدند'], ['جان باختند', 'کشته شدند'], ['افتتاح شد', 'به بهره‌برداری رسید'], ['رونمایی کرد', 'معرفی کرد'],
  ['برگزار شد', 'انجام شد'], ['پیش‌بینی می‌شود', 'انتظار می‌رود'], ['خودداری کنند', 'پرهیز کنند'], ['بیمارستان', 'مرکز درمانی'],
  ['نمایندگان مجلس', 'وکلای ملت'], ['تصویب کردند', 'به تصویب رساندند'], ['مراسم', 'آیین'], ['امروز', 'روز جاری'],
];
const EMOJI = ['🔴', '⚡️', '📌', '🔸', '❗️', '🌐', '📢'];
const SIGNATURES = ['🆔 @khabar_fori_news', '📡 کانال خبر فوری را دنبال کنید', '✅ @khabarfori | اخبار لحظه‌ای', 'ما را در تلگرام دنبال کنید: @khabar_fori_news'];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fill = (template: string, slots: Slots, persianDigits: boolean) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => (persianDigits ? fa(slots[key] ?? '') : slots[key] ?? ''));

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The first channel's report of one event: the headline and four or five of the topic's sentences. */
function firstReport(topic: Topic, slots: Slots, random: () => number): Story {
  const title = fill(topic.titles[Math.floor(random() * topic.titles.length)], slots, true);
  const count = 4 + Math.floor(random() * 2);
  const chosen = [0, ...shuffle(topic.sentences.slice(1).map((_, i) => i + 1), random).slice(0, count - 1).sort((x, y) => x - y)];
  const body = chosen.map((i) => fill(topic.sentences[i], slots, true)).join(' ');
  return { title, body: `${title}\n\n${body}` };
}

/** The second channel's copy of a report: reordered, reworded, shortened and signed. */
function secondChannelCopy(topic: Topic, slots: Slots, original: Story, random: () => number): Story {
  const sentences = original.body.split('\n\n')[1].split(/(?<=\.)\s+/).filter(Boolean);
  let kept = sentences.length > 3 && random() < 0.6 ? sentences.filter((_, i) => i !== sentences.length - 1 - Math.floor(random() * 2)) : sentences;
  kept = [kept[0], ...shuffle(kept.slice(1), random)];
  let text = kept.join(' ');
  for (const [from, to] of shuffle(SYNONYMS, random)) if (random() < 0.8) text = text.split(from).join(to);
  // Half the copies write Latin digits; some add the channel's own line of comment.
  if (random() < 0.5) text = text.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).replace(/(\d)٫(\d)/g, '$1.$2');
  if (random() < 0.4) text += ' جزئیات بیشتر را به‌زودی منتشر می‌کنیم.';
  // Its own headline: the topic's other wording, with Latin digits half of the time.
  const otherTitle = topic.titles.find((t) => fill(t, slots, true) !== original.title) ?? topic.titles[0];
  const title = fill(otherTitle, slots, random() < 0.5);
  const emoji = EMOJI[Math.floor(random() * EMOJI.length)];
  const tags = [`#${topic.name === 'football' ? 'فوتبال' : 'خبر_فوری'}`, `#${(slots.city ?? slots.province ?? slots.company ?? 'ایران').replace(/\s+/g, '_')}`];
  const signature = SIGNATURES[Math.floor(random() * SIGNATURES.length)];
  return { title, body: `${emoji} ${title}\n\n${text} ${tags.join(' ')}\n\n${signature}` };
}

export function buildDuplicateSet(seed = 1403): LabelledPair[] {
  const random = rng(seed);
  const pairs: LabelledPair[] = [];
  for (const topic of TOPICS) {
    const reports = topic.events.map((slots) => firstReport(topic, slots, random));
    topic.events.forEach((slots, i) => {
      pairs.push({ a: reports[i], b: secondChannelCopy(topic, slots, reports[i], random), duplicate: true, topic: topic.name });
      const next = (i + 1) % topic.events.length;
      // A different event of the same topic, as either channel would write it.
      const other = random() < 0.5 ? reports[next] : secondChannelCopy(topic, topic.events[next], reports[next], random);
      pairs.push({ a: reports[i], b: other, duplicate: false, topic: topic.name });
    });
  }
  return pairs;
}

/** One more report of a topic's event, for filling a large index with realistic stories. */
export function syntheticReport(n: number): Story {
  const random = rng(n * 7919 + 17);
  const topic = TOPICS[n % TOPICS.length];
  const base = topic.events[Math.floor(random() * topic.events.length)];
  // Other figures and a serial place name: a distinct event each time.
  const slots: Slots = {};
  for (const [key, value] of Object.entries(base)) slots[key] = /^\d/.test(value) ? String(Math.floor(random() * 9000) + 10 + n % 97) : value;
  slots[Object.keys(base)[0]] = `${base[Object.keys(base)[0]]} ${fa(n)}`;
  return firstReport(topic, slots, random);
}
