/**
 * The demo organisation created on an empty database (DESIGN.md §4): one distributor, two
 * companies with different units, areas, a dozen stations in different timezones.
 */
export const DEMO_DISTRIBUTOR = {
  name: 'Meridian Fuels',
  area: 'Global',
  country: 'International',
  contactName: 'Amira Haddad',
  phone: '971-4-555-0100',
  position: 'Operations director',
};

export const DEMO_PRODUCTS = [
  { code: 'G92', name: '92# Gasoline', shortName: '92#', type: 'gasoline', color: '#e8453c' },
  { code: 'G95', name: '95# Gasoline', shortName: '95#', type: 'gasoline', color: '#f59a23' },
  { code: 'G98', name: '98# Gasoline', shortName: '98#', type: 'gasoline', color: '#8e44ad' },
  { code: 'D0', name: '0# Diesel', shortName: '0#', type: 'diesel', color: '#27ae60' },
] as const;

interface DemoStation {
  code: string;
  name: string;
  area: string;
  timezone: string;
  address: string;
  longitude: number;
  latitude: number;
  /** Product codes, one tank each. */
  tanks: readonly string[];
  /** Keeps the default single all-day shift instead of DEMO_SHIFTS, so the demo shows both kinds. */
  allDay?: true;
}

interface DemoCompany {
  code: string;
  name: string;
  province: string;
  city: string;
  tempUnit: 1 | 2;
  volumeUnit: 1 | 2;
  contactName: string;
  contactPhone: string;
  stations: readonly DemoStation[];
}

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    code: 'NWP',
    name: 'Northwind Petroleum',
    province: 'Dubai',
    city: 'Dubai',
    tempUnit: 1,
    volumeUnit: 1,
    contactName: 'Li Wei',
    contactPhone: '971-4-555-0142',
    stations: [
      { code: 'NWP-SH01', name: 'Shanghai Pudong', area: 'East Asia', timezone: 'Asia/Shanghai', address: '88 Century Ave, Shanghai', longitude: 121.50538, latitude: 31.23594, tanks: ['G92', 'G95', 'D0'], allDay: true },
      { code: 'NWP-SZ02', name: 'Shenzhen Nanshan', area: 'East Asia', timezone: 'Asia/Shanghai', address: '9 Keyuan Rd, Shenzhen', longitude: 113.94438, latitude: 22.54074, tanks: ['G92', 'G95', 'G98', 'D0'] },
      { code: 'NWP-DX03', name: 'Dubai Sheikh Zayed Rd', area: 'Gulf', timezone: 'Asia/Dubai', address: 'Sheikh Zayed Rd, Dubai', longitude: 55.27078, latitude: 25.2048, tanks: ['G95', 'G98', 'D0'] },
      { code: 'NWP-RY04', name: 'Riyadh King Fahd Rd', area: 'Gulf', timezone: 'Asia/Riyadh', address: 'King Fahd Rd, Riyadh', longitude: 46.67529, latitude: 24.71355, tanks: ['G92', 'G95', 'D0'], allDay: true },
      { code: 'NWP-CA05', name: 'Cairo Nasr City', area: 'Gulf', timezone: 'Africa/Cairo', address: 'Abbas El Akkad St, Cairo', longitude: 31.34038, latitude: 30.05675, tanks: ['G92', 'D0'] },
      { code: 'NWP-MD06', name: 'Madrid Castellana', area: 'Europe', timezone: 'Europe/Madrid', address: 'Paseo de la Castellana 200, Madrid', longitude: -3.68866, latitude: 40.46366, tanks: ['G95', 'G98', 'D0'] },
    ],
  },
  {
    code: 'LSF',
    name: 'Lone Star Fuel Co.',
    province: 'Texas',
    city: 'Houston',
    tempUnit: 2,
    volumeUnit: 2,
    contactName: 'Maria Gonzalez',
    contactPhone: '1-713-555-0187',
    stations: [
      { code: 'LSF-HO01', name: 'Houston Westheimer', area: 'Texas', timezone: 'America/Chicago', address: '5000 Westheimer Rd, Houston TX', longitude: -95.46121, latitude: 29.73934, tanks: ['G92', 'G95', 'D0'], allDay: true },
      { code: 'LSF-DA02', name: 'Dallas Love Field', area: 'Texas', timezone: 'America/Chicago', address: '8008 Herb Kelleher Way, Dallas TX', longitude: -96.85177, latitude: 32.84711, tanks: ['G92', 'D0'] },
      { code: 'LSF-DE03', name: 'Denver Colfax', area: 'Mountain & West', timezone: 'America/Denver', address: '1600 E Colfax Ave, Denver CO', longitude: -104.96766, latitude: 39.74036, tanks: ['G92', 'G95', 'D0'] },
      { code: 'LSF-LA04', name: 'Los Angeles Sunset', area: 'Mountain & West', timezone: 'America/Los_Angeles', address: '6000 Sunset Blvd, Los Angeles CA', longitude: -118.3217, latitude: 34.09809, tanks: ['G92', 'G95', 'G98'] },
      { code: 'LSF-MX05', name: 'Monterrey Constitución', area: 'Latin America', timezone: 'America/Monterrey', address: 'Av. Constitución 400, Monterrey', longitude: -100.31611, latitude: 25.67065, tanks: ['G92', 'D0'] },
      { code: 'LSF-BG06', name: 'Bogotá Calle 80', area: 'Latin America', timezone: 'America/Bogota', address: 'Calle 80 #68-20, Bogotá', longitude: -74.08175, latitude: 4.70993, tanks: ['G92', 'G95', 'D0'] },
    ],
  },
];

/** The three tank sizes the demo uses: horizontal cylinders, millimetres. */
export const DEMO_TANK_SIZES = [
  { diameterMm: 2600, lengthMm: 8000 },
  { diameterMm: 2400, lengthMm: 6500 },
  { diameterMm: 2000, lengthMm: 5000 },
] as const;

/** Three eight-hour shifts, so sales per shift has something to split (minutes after local midnight); the demo stations marked allDay keep the default (and the tests that set shifts on a page start from it). */
export const DEMO_SHIFTS = [
  { name: 'Morning', startMinute: 6 * 60 },
  { name: 'Afternoon', startMinute: 14 * 60 },
  { name: 'Night', startMinute: 22 * 60 },
] as const;
