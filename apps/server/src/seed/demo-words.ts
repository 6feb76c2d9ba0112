import type { Language } from '@ullage/domain/languages';

/**
 * The demo organisation's words in the language the server starts in (DEFAULT_LANGUAGE, issue
 * 34 item 9): shift, product, area and station names, and the distributor's contact, read as a
 * vendor's demo would in that language. Codes, brands, people and street addresses stay as
 * they are (they are names, not words). English is demo-organisation.ts's own.
 */
export interface DemoWords {
  shifts: Record<'Morning' | 'Afternoon' | 'Night', string>;
  products: Record<'G92' | 'G95' | 'G98' | 'D0', string>;
  areas: Record<string, string>;
  stations: Record<string, string>;
  distributor: { area: string; country: string; position: string };
  nicknames: Record<'admin' | 'demo-distributor' | 'demo-company' | 'demo-station', string>;
}

const zh_CN: DemoWords = {
  shifts: { Morning: '早班', Afternoon: '中班', Night: '夜班' },
  products: { G92: '92#汽油', G95: '95#汽油', G98: '98#汽油', D0: '0#柴油' },
  areas: { 'East Asia': '东亚', Gulf: '海湾', Europe: '欧洲', Texas: '得克萨斯', 'Mountain & West': '山地与西部', 'Latin America': '拉丁美洲' },
  stations: {
    'NWP-SH01': '上海浦东',
    'NWP-SZ02': '深圳南山',
    'NWP-DX03': '迪拜谢赫扎耶德路',
    'NWP-RY04': '利雅得法赫德国王路',
    'NWP-CA05': '开罗纳斯尔城',
    'NWP-MD06': '马德里卡斯特利亚纳',
    'LSF-HO01': '休斯敦韦斯特海默',
    'LSF-DA02': '达拉斯爱田',
    'LSF-DE03': '丹佛科尔法克斯',
    'LSF-LA04': '洛杉矶日落大道',
    'LSF-MX05': '蒙特雷宪法大道',
    'LSF-BG06': '波哥大80街',
  },
  distributor: { area: '全球', country: '国际', position: '运营总监' },
  nicknames: { admin: '管理员', 'demo-distributor': '演示分销商', 'demo-company': '演示公司', 'demo-station': '演示油站' },
};

const es: DemoWords = {
  shifts: { Morning: 'Mañana', Afternoon: 'Tarde', Night: 'Noche' },
  products: { G92: 'Gasolina 92#', G95: 'Gasolina 95#', G98: 'Gasolina 98#', D0: 'Diésel 0#' },
  areas: { 'East Asia': 'Asia Oriental', Gulf: 'Golfo', Europe: 'Europa', Texas: 'Texas', 'Mountain & West': 'Montaña y Oeste', 'Latin America': 'América Latina' },
  stations: {
    'NWP-SH01': 'Shanghái Pudong',
    'NWP-SZ02': 'Shenzhen Nanshan',
    'NWP-DX03': 'Dubái Av. Sheikh Zayed',
    'NWP-RY04': 'Riad Av. Rey Fahd',
    'NWP-CA05': 'El Cairo Ciudad Nasr',
    'NWP-MD06': 'Madrid Castellana',
    'LSF-HO01': 'Houston Westheimer',
    'LSF-DA02': 'Dallas Love Field',
    'LSF-DE03': 'Denver Colfax',
    'LSF-LA04': 'Los Ángeles Sunset',
    'LSF-MX05': 'Monterrey Constitución',
    'LSF-BG06': 'Bogotá Calle 80',
  },
  distributor: { area: 'Global', country: 'Internacional', position: 'Director de operaciones' },
  nicknames: { admin: 'Administrador', 'demo-distributor': 'Distribuidor de demostración', 'demo-company': 'Empresa de demostración', 'demo-station': 'Estación de demostración' },
};

const ar: DemoWords = {
  shifts: { Morning: 'الوردية الصباحية', Afternoon: 'الوردية المسائية', Night: 'الوردية الليلية' },
  products: { G92: 'بنزين 92#', G95: 'بنزين 95#', G98: 'بنزين 98#', D0: 'ديزل 0#' },
  areas: { 'East Asia': 'شرق آسيا', Gulf: 'الخليج', Europe: 'أوروبا', Texas: 'تكساس', 'Mountain & West': 'الجبال والغرب', 'Latin America': 'أمريكا اللاتينية' },
  stations: {
    'NWP-SH01': 'شنغهاي بودونغ',
    'NWP-SZ02': 'شنتشن نانشان',
    'NWP-DX03': 'دبي شارع الشيخ زايد',
    'NWP-RY04': 'الرياض طريق الملك فهد',
    'NWP-CA05': 'القاهرة مدينة نصر',
    'NWP-MD06': 'مدريد كاستيانا',
    'LSF-HO01': 'هيوستن ويستهايمر',
    'LSF-DA02': 'دالاس لوف فيلد',
    'LSF-DE03': 'دنفر كولفاكس',
    'LSF-LA04': 'لوس أنجلوس سانسيت',
    'LSF-MX05': 'مونتيري كونستيتوسيون',
    'LSF-BG06': 'بوغوتا شارع 80',
  },
  distributor: { area: 'عالمي', country: 'دولي', position: 'مدير العمليات' },
  nicknames: { admin: 'المسؤول', 'demo-distributor': 'موزع تجريبي', 'demo-company': 'شركة تجريبية', 'demo-station': 'محطة تجريبية' },
};

const WORDS: Partial<Record<Language, DemoWords>> = { zh_CN, es, ar };

/** The demo's words in `language`; null for English, whose words are the demo's own. */
export function demoWords(language: Language): DemoWords | null {
  return WORDS[language] ?? null;
}
