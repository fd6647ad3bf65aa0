// dayjs ships no Somali locale; this one gives the admin Somali month and weekday names and relative wording.
import dayjs from 'dayjs';

/** dayjs reads `meridiem` from a locale although its ILocale type leaves it out. */
type SomaliLocale = ILocale & { meridiem: (hour: number, minute: number, isLowercase: boolean) => string };

export const SOMALI_DAYJS_LOCALE: SomaliLocale = {
  name: 'so',
  months: 'Janaayo_Febraayo_Maarso_Abriil_May_Juun_Luuliyo_Ogost_Sebtembar_Oktoobar_Nofembar_Desembar'.split('_'),
  monthsShort: 'Jan_Feb_Mar_Abr_May_Jun_Luu_Ogo_Seb_Okt_Nof_Des'.split('_'),
  weekdays: 'Axad_Isniin_Talaado_Arbaco_Khamiis_Jimco_Sabti'.split('_'),
  weekdaysShort: 'Axd_Isn_Tldo_Arbc_Khms_Jmc_Sbti'.split('_'),
  weekdaysMin: 'Ax_Is_Ta_Ar_Kh_Ji_Sa'.split('_'),
  // The Somali working week starts on Saturday, so calendars open their weeks there.
  weekStart: 6,
  // "1aad", "2aad": the Somali ordinal suffix; the brackets keep dayjs from reading it as a format token.
  ordinal: (n) => `[${n}aad]`,
  meridiem: (hour) => (hour < 12 ? 'GH' : 'GD'),
  formats: {
    LT: 'HH:mm',
    LTS: 'HH:mm:ss',
    L: 'DD/MM/YYYY',
    LL: 'D MMMM YYYY',
    LLL: 'D MMMM YYYY HH:mm',
    LLLL: 'dddd, D MMMM YYYY HH:mm',
  },
  relativeTime: {
    future: '%s kadib',
    past: '%s kahor',
    s: 'dhowr ilbiriqsi',
    m: 'daqiiqad',
    mm: '%d daqiiqo',
    h: 'saacad',
    hh: '%d saacadood',
    d: 'maalin',
    dd: '%d maalmood',
    M: 'bil',
    MM: '%d bilood',
    y: 'sanad',
    yy: '%d sanadood',
  },
};

// Registers without switching: the global locale follows the admin's language, not this import.
dayjs.locale(SOMALI_DAYJS_LOCALE, undefined, true);
