import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import Input from 'antd/es/input';
import CalendarOutlined from '@ant-design/icons/es/icons/CalendarOutlined';
import type { DatePickerProps, RangePickerProps } from 'antd/es/date-picker';
import type { Dayjs } from 'dayjs';
import './lazy-picker.css';

// antd's date picker is about 35 KB gzip, most of a report route's margin (DESIGN.md §8
// route budget), and most visits never open it: it is fetched when the user first reaches for
// it. Until then a look-alike stand-in shows the value and the placeholder.
type WithTestId = { 'data-testid'?: string };
// antd's pickers are generic over the date type; here it is always dayjs.
const RealDatePicker = lazy(() => import('antd/es/date-picker').then((m) => ({ default: m.default as unknown as ComponentType<DatePickerProps<Dayjs, false> & WithTestId> })));
const RealRangePicker = lazy(() => import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker as unknown as ComponentType<RangePickerProps & WithTestId> })));

const DEFAULT_FORMAT = { date: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY', week: 'YYYY-wo', quarter: 'YYYY-[Q]Q' } as const;

function formatOf(format: unknown, picker: string | undefined, showTime: boolean): string {
  if (typeof format === 'string') return format;
  const base = DEFAULT_FORMAT[(picker ?? 'date') as keyof typeof DEFAULT_FORMAT] ?? DEFAULT_FORMAT.date;
  return showTime && base === DEFAULT_FORMAT.date ? `${base} HH:mm:ss` : base;
}

interface StandInProps {
  text: string;
  placeholder: string;
  className: string | undefined;
  disabled: boolean | undefined;
  /** A field the form marks as wrong looks wrong before the real picker is loaded too. */
  status: 'error' | 'warning' | '' | undefined;
  ariaLabel: string | undefined;
  onUse: () => void;
  /** Where the real picker carries its test id: on the input (one date) or around the inputs (a range). */
  testIdOnInput: boolean;
  testId: string | undefined;
}

function StandIn({ text, placeholder, className, disabled, status, ariaLabel, onUse, testIdOnInput, testId }: StandInProps): ReactNode {
  const input = (
    <Input
      readOnly
      className={`lazy-picker ${className ?? ''}`}
      value={text}
      placeholder={placeholder}
      disabled={disabled}
      status={status}
      suffix={<CalendarOutlined />}
      aria-label={ariaLabel}
      aria-haspopup="dialog"
      data-testid={testIdOnInput ? testId : undefined}
      onFocus={onUse}
      onClick={onUse}
    />
  );
  return testIdOnInput ? input : <span className="lazy-picker__range" data-testid={testId}>{input}</span>;
}

/** antd's DatePicker, fetched on first use. */
export function LazyDatePicker(props: DatePickerProps<Dayjs, false> & WithTestId) {
  const [used, setUsed] = useState(false);
  const value = props.value as Dayjs | null | undefined;
  const standIn = (
    <StandIn
      text={value ? value.format(formatOf(props.format, props.picker, Boolean(props.showTime))) : ''}
      placeholder={typeof props.placeholder === 'string' ? props.placeholder : ''}
      className={props.className}
      disabled={props.disabled}
      status={props.status === 'error' || props.status === 'warning' ? props.status : undefined}
      ariaLabel={props['aria-label']}
      onUse={() => setUsed(true)}
      testIdOnInput
      testId={props['data-testid']}
    />
  );
  if (!used) return standIn;
  return (
    <Suspense fallback={standIn}>
      <RealDatePicker {...props} autoFocus defaultOpen />
    </Suspense>
  );
}

/**
 * The arrow between the two ends of a range, pointing from the first to the second: in Arabic
 * the first end is on the right. antd's own picker mirrors its separator icon likewise; the
 * stand-in's arrow is a character inside an input, which no CSS can turn.
 */
export function rangeArrow(): string {
  return document.documentElement.dir === 'rtl' ? '←' : '→';
}

/** antd's RangePicker, fetched on first use. */
export function LazyRangePicker(props: RangePickerProps & WithTestId) {
  const [used, setUsed] = useState(false);
  const values = props.value as [Dayjs | null, Dayjs | null] | null | undefined;
  const format = formatOf(props.format, props.picker, Boolean(props.showTime));
  const text = values?.[0] && values[1] ? `${values[0].format(format)} ${rangeArrow()} ${values[1].format(format)}` : '';
  const placeholder = Array.isArray(props.placeholder) ? `${props.placeholder[0] ?? ''} ${rangeArrow()} ${props.placeholder[1] ?? ''}` : '';
  const standIn = (
    <StandIn
      text={text}
      placeholder={placeholder}
      className={props.className}
      disabled={props.disabled === true}
      status={props.status === 'error' || props.status === 'warning' ? props.status : undefined}
      ariaLabel={props['aria-label']}
      onUse={() => setUsed(true)}
      testIdOnInput={false}
      testId={props['data-testid']}
    />
  );
  if (!used) return standIn;
  return (
    <Suspense fallback={standIn}>
      <RealRangePicker {...props} autoFocus defaultOpen />
    </Suspense>
  );
}
