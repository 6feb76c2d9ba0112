import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManualChapter } from '../manual-document';
import { searchManual, type Segment } from '../manual-search';

function Marked({ segments }: { segments: readonly Segment[] }) {
  return segments.map((segment, i) => (segment.hit ? <mark key={i}>{segment.text}</mark> : segment.text));
}

/** Finds sections by words or an alarm code; choosing one jumps there and closes the list. */
export function ManualSearchBox({ chapters, onJump }: { chapters: readonly ManualChapter[]; onJump: (id: string) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const results = useMemo(() => searchManual(chapters, deferred), [chapters, deferred]);
  const inputId = useId();
  const choose = (id: string) => {
    onJump(id);
    setQuery('');
  };
  return (
    <div role="search" className="manual-search">
      <label htmlFor={inputId} className="visually-hidden">
        {t('manual.search.label')}
      </label>
      <input
        id={inputId}
        type="search"
        value={query}
        placeholder={t('manual.search.placeholder')}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && results[0]) choose(results[0].section.id);
          if (e.key === 'Escape') setQuery('');
        }}
        autoComplete="off"
        data-testid="manual-search"
      />
      {deferred.trim() ? (
        <div className="manual-search__results" data-testid="manual-search-results">
          <p className="manual-search__count" role="status">
            {results.length ? t('manual.search.count', { count: results.length }) : t('manual.search.none')}
          </p>
          <ul>
            {results.map((result) => (
              <li key={result.section.id}>
                <a
                  href={`#${result.section.id}`}
                  data-testid="manual-search-result"
                  data-section={result.section.id}
                  onClick={() => choose(result.section.id)}
                >
                  <span className="manual-search__title">
                    <Marked segments={result.title} />
                  </span>
                  <span className="manual-search__snippet">
                    <Marked segments={result.snippet} />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
