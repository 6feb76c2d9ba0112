import Input from 'antd/es/input';

interface SearchBoxProps {
  placeholder: string;
  onSearch: (q: string) => void;
  testId: string;
}

/** The desktop list's search, thumb-sized. */
export function SearchBox({ placeholder, onSearch, testId }: SearchBoxProps) {
  return (
    <Input.Search
      className="m-search"
      size="large"
      placeholder={placeholder}
      aria-label={placeholder}
      allowClear
      maxLength={100}
      onSearch={(value) => onSearch(value.trim())}
      data-testid={testId}
    />
  );
}
