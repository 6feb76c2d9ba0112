import { useEffect, useId, useRef, useState } from 'react';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@ullage/domain/languages';
import { activeLanguage } from '../i18n/i18n';
import { chooseLanguage } from '../i18n/document-language';
import { HTML_LANG, LANGUAGE_NAMES } from '../i18n/language-names';
import { SvgIcon } from './svg-icon';
import './language-picker.css';

/**
 * Spec §2: Chinese, English, Spanish, Arabic; picking one stores it and reloads. Hand-made
 * rather than antd's Dropdown because the login page shows it and must stay light; the
 * shells use the same one so tests and users meet one control.
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  const current = activeLanguage();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const pick = (code: Language) => {
    setOpen(false);
    if (code !== current) chooseLanguage(code);
  };

  return (
    <div className="language-picker" ref={root}>
      <button
        type="button"
        className="language-picker__trigger"
        data-testid="language-picker"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        title={t('common.language.pick')}
        onClick={() => setOpen((o) => !o)}
      >
        <SvgIcon icon={GlobalOutlined} />
        <span lang={HTML_LANG[current]}>{LANGUAGE_NAMES[current]}</span>
      </button>
      {open ? (
        <ul className="language-picker__menu" role="menu" id={menuId} aria-label={t('common.language.pick')}>
          {LANGUAGES.map((code) => (
            <li key={code} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={code === current}
                className="language-picker__option"
                data-lang={code}
                lang={HTML_LANG[code]}
                onClick={() => pick(code)}
              >
                {LANGUAGE_NAMES[code]}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
