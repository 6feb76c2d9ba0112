import { useTranslation } from 'react-i18next';
import type { ManualChapter } from '../manual-document';

/** Chapters and their `##` sections. On a phone it folds (a <details>) above the text. */
export function ManualToc({ chapters, onJump }: { chapters: readonly ManualChapter[]; onJump: (id: string) => void }) {
  const { t } = useTranslation();
  const link = (id: string, text: string) => (
    <a href={`#${id}`} onClick={() => onJump(id)}>
      {text}
    </a>
  );
  return (
    <nav className="manual-toc" aria-labelledby="manual-toc-title" data-testid="manual-toc">
      <details open className="manual-toc__details">
        <summary id="manual-toc-title" className="manual-toc__title">
          {t('manual.contents')}
        </summary>
        <ol>
          {chapters.map((chapter) => (
            <li key={chapter.id}>
              {link(chapter.id, chapter.title)}
              <ol>
                {chapter.sections
                  .filter((section) => section.level === 2)
                  .map((section) => (
                    <li key={section.id}>{link(section.id, section.title)}</li>
                  ))}
              </ol>
            </li>
          ))}
        </ol>
      </details>
    </nav>
  );
}
