import { useRef } from 'react';
import type { ActiveAlarm } from '@ullage/contracts/monitor';
import { useElementSize } from '../use-element-size';
import { AlarmList } from './alarm-list';

/** Seconds each alarm takes to scroll past, so a long list moves at a readable pace. */
const SECONDS_PER_ALARM = 3;

/**
 * A wall-screen alarm list: when it is longer than its box it scrolls upwards without end
 * (two copies one under the other), pausing under the pointer; otherwise it stands still.
 */
export function ScrollingAlarms({ alarms }: { alarms: readonly ActiveAlarm[] }) {
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const boxSize = useElementSize(box);
  const contentSize = useElementSize(content);
  const scrolling = boxSize !== null && contentSize !== null && contentSize.height > boxSize.height;
  return (
    <div className="scrolling-alarms" ref={box} data-testid="live-alarms" data-scrolling={scrolling}>
      <div
        className={`scrolling-alarms__track${scrolling ? ' scrolling-alarms__track--moving' : ''}`}
        style={scrolling ? { animationDuration: `${alarms.length * SECONDS_PER_ALARM}s` } : undefined}
      >
        <div ref={content}>
          <AlarmList alarms={alarms} showStation />
        </div>
        {scrolling ? (
          <div aria-hidden="true">
            <AlarmList alarms={alarms} showStation />
          </div>
        ) : null}
      </div>
    </div>
  );
}
