import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isRightToLeft } from '@ullage/domain/languages';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import { activeLanguage } from '../../../i18n/i18n';
import { HTML_LANG, LANGUAGE_NAMES } from '../../../i18n/language-names';
import { ManualBlocks } from '../components/manual-blocks';
import { ManualSearchBox } from '../components/manual-search-box';
import { ManualToc } from '../components/manual-toc';
import { manualHref } from '../manual-address';
import type { ManualChapter } from '../manual-document';
import { loadChapters, pictureUrls } from '../manual-sources';
import { warmPictures } from '../warm-pictures';
import '../manual-page.css';

/** Scrolls a heading into view and gives it the focus, so a screen reader reads on from there. */
function jumpTo(id: string): void {
  const target = id ? document.getElementById(id) : null;
  if (!target) return;
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}

/**
 * Pictures load as they scroll into view; a printout needs them all: load the rest first
 * (a few seconds at most), then print.
 */
async function printAll(): Promise<void> {
  const images = [...document.querySelectorAll<HTMLImageElement>('.manual-content img')];
  for (const img of images) img.loading = 'eager';
  const loaded = Promise.all(images.map((img) => img.decode().catch(() => undefined)));
  await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 5000))]);
  window.print();
}

const currentHashId = () => decodeURIComponent(window.location.hash.slice(1));

/**
 * /manual (issue 24): the operation manual, public, in the language of `?lang` (boot started
 * the tab in it) or the reader's own. Its text is docs/manual/<language>/*.md, rendered from
 * a tree (no HTML inserted); `#section` jumps to a section on load and on every hash change.
 */
export function Page() {
  const { t } = useTranslation();
  const language = activeLanguage();
  const [chapters, setChapters] = useState<ManualChapter[] | null>(null);
  const [failed, setFailed] = useState(false);
  const pictures = pictureUrls(language);

  useEffect(() => {
    // The address names its language, so a link copied from here is the same for anyone.
    const url = new URL(window.location.href);
    if (url.searchParams.get('lang') !== language) {
      url.searchParams.set('lang', language);
      window.history.replaceState(window.history.state, '', url);
    }
    document.title = t('manual.title');
  }, [language, t]);

  useEffect(() => {
    let live = true;
    loadChapters(language).then(
      (loaded) => live && setChapters(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [language]);

  // Once the text is in, go to the section the address names, and follow later hash changes.
  useLayoutEffect(() => {
    if (!chapters) return;
    jumpTo(currentHashId());
    const onHash = () => jumpTo(currentHashId());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [chapters]);

  useEffect(() => {
    if (chapters) warmPictures(pictures.values());
  }, [chapters, pictures]);

  // A link to the section already in the address changes no hash: jump anyway.
  const onJump = useCallback((id: string) => {
    if (currentHashId() === id) jumpTo(id);
  }, []);

  const switchTo = (code: (typeof LANGUAGES)[number]) => {
    // The same section in the other language: ids are the same in every language.
    window.location.assign(manualHref(code, currentHashId() || undefined));
  };

  return (
    <div className="manual" lang={HTML_LANG[language]} dir={isRightToLeft(language) ? 'rtl' : 'ltr'} data-testid="manual-page" data-language={language}>
      <header className="manual-header">
        <h1 className="manual-header__title" data-testid="page-title">
          {t('manual.title')}
        </h1>
        <div className="manual-header__tools">
          {chapters ? <ManualSearchBox chapters={chapters} onJump={onJump} /> : null}
          <nav className="manual-languages" aria-label={t('manual.language')} data-testid="manual-languages">
            {LANGUAGES.map((code) => (
              <a
                key={code}
                href={manualHref(code)}
                lang={HTML_LANG[code]}
                data-lang={code}
                aria-current={code === language ? 'true' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  if (code !== language) switchTo(code);
                }}
              >
                {LANGUAGE_NAMES[code]}
              </a>
            ))}
          </nav>
          <button type="button" className="manual-print" onClick={() => void printAll()} data-testid="manual-print">
            <PrinterOutlined aria-hidden /> {t('manual.print')}
          </button>
        </div>
      </header>
      {failed ? (
        <p className="manual-status" role="alert">
          {t('manual.error')}
        </p>
      ) : !chapters ? (
        <p className="manual-status" role="status">
          {t('manual.loading')}
        </p>
      ) : (
        <div className="manual-body">
          <ManualToc chapters={chapters} onJump={onJump} />
          <main className="manual-content">
            {chapters.map((chapter) => (
              <article key={chapter.id} className="manual-chapter" data-chapter={chapter.id}>
                <ManualBlocks blocks={chapter.blocks} pictures={pictures} />
              </article>
            ))}
          </main>
        </div>
      )}
    </div>
  );
}
