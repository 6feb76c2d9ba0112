import { describe, expect, it } from 'vitest';
import { manualHref, manualLanguageOf } from './manual-address';

describe('the manual address', () => {
  it('names the language and the section', () => {
    expect(manualHref('ar', 'alarm-level-13')).toBe('/manual?lang=ar#alarm-level-13');
    expect(manualHref('zh_CN')).toBe('/manual?lang=zh_CN');
  });

  it('starts the tab in the language of /manual?lang=…, and only there', () => {
    expect(manualLanguageOf({ pathname: '/manual', search: '?lang=es' })).toBe('es');
    expect(manualLanguageOf({ pathname: '/Manual/', search: '?lang=zh_CN' })).toBe('zh_CN');
    expect(manualLanguageOf({ pathname: '/manual', search: '?lang=fr' })).toBeUndefined();
    expect(manualLanguageOf({ pathname: '/manual', search: '' })).toBeUndefined();
    expect(manualLanguageOf({ pathname: '/home', search: '?lang=ar' })).toBeUndefined();
  });
});
