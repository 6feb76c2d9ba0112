import { createElement, type ReactElement } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import './svg-icon.css';

function render(node: AbstractNode, key?: number): ReactElement {
  const { focusable: _focusable, ...attrs } = node.attrs;
  return createElement(node.tag, { ...attrs, key }, node.children?.map((child, index) => render(child, index)));
}

/**
 * Draws one of antd's icon definitions without @ant-design/icons' runtime, for the screens
 * that must stay light (login). Inside the shells, use @ant-design/icons as usual.
 */
export function SvgIcon({ icon, className }: { icon: IconDefinition; className?: string }) {
  const node = typeof icon.icon === 'function' ? icon.icon('currentColor', '#e6f4ff') : icon.icon;
  return (
    <span className={`svg-icon ${className ?? ''}`} aria-hidden="true">
      {createElement(
        'svg',
        { ...node.attrs, width: '1em', height: '1em', fill: 'currentColor', focusable: 'false' },
        node.children?.map((child, index) => render(child, index)),
      )}
    </span>
  );
}
