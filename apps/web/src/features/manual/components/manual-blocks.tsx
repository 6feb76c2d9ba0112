import type { ReactNode } from 'react';
import type { Block, Inline, ListBlock } from '../markdown/markdown-tree';

/** Chapter `#` → h2, `##` → h3, `###` → h4: the page's own title is the h1. */
const HEADING_TAGS = { 1: 'h2', 2: 'h3', 3: 'h4' } as const;

export function InlineContent({ content }: { content: readonly Inline[] }): ReactNode {
  return content.map((node, i) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'strong':
      case 'em': {
        // The node's kind is its element's name.
        const Tag = node.kind;
        return (
          <Tag key={i}>
            <InlineContent content={node.children} />
          </Tag>
        );
      }
      case 'code':
        return <code key={i}>{node.text}</code>;
      case 'link':
        return node.href.startsWith('#') ? (
          <a key={i} href={node.href}>
            <InlineContent content={node.children} />
          </a>
        ) : (
          // Only http(s) addresses leave the manual; anything else stays text.
          /^https?:\/\//.test(node.href) ? (
            <a key={i} href={node.href} target="_blank" rel="noopener noreferrer">
              <InlineContent content={node.children} />
            </a>
          ) : (
            <InlineContent key={i} content={node.children} />
          )
        );
    }
  });
}

function List({ list }: { list: ListBlock }) {
  const items = list.items.map((item, i) => (
    <li key={i}>
      <InlineContent content={item.content} />
      {item.children.map((child, j) => (
        <List key={j} list={child} />
      ))}
    </li>
  ));
  return list.ordered ? <ol start={list.start}>{items}</ol> : <ul>{items}</ul>;
}

interface BlocksProps {
  blocks: readonly Block[];
  /** Picture file name → address, for the manual's language. */
  pictures: ReadonlyMap<string, string>;
}

/** A chapter's tree as elements; headings carry their ids so `#id` lands on them. */
export function ManualBlocks({ blocks, pictures }: BlocksProps) {
  return blocks.map((block, i) => {
    switch (block.kind) {
      case 'heading': {
        const Tag = HEADING_TAGS[block.level];
        // tabIndex -1: jumping to a section moves the focus there, so a screen reader reads on from it.
        return (
          <Tag key={i} id={block.id ?? undefined} tabIndex={-1} className={`manual-heading manual-heading--${block.level}`}>
            <InlineContent content={block.content} />
          </Tag>
        );
      }
      case 'paragraph':
        return (
          <p key={i}>
            <InlineContent content={block.content} />
          </p>
        );
      case 'list':
        return <List key={i} list={block} />;
      case 'table':
        return (
          <div key={i} className="manual-table">
            <table>
              <thead>
                <tr>
                  {block.header.map((cell, j) => (
                    <th key={j} scope="col">
                      <InlineContent content={cell} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, j) => (
                      <td key={j}>
                        <InlineContent content={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      case 'image': {
        const url = pictures.get(block.src);
        return (
          <figure key={i} className="manual-figure" data-picture={block.src}>
            {url ? <img src={url} alt={block.alt} loading="lazy" decoding="async" /> : <div className="manual-figure__missing">{block.alt}</div>}
          </figure>
        );
      }
      case 'note':
        return (
          <aside key={i} className="manual-note" role="note">
            {block.paragraphs.map((paragraph, j) => (
              <p key={j}>
                <InlineContent content={paragraph} />
              </p>
            ))}
          </aside>
        );
    }
  });
}
