/** What a plugin remote may import from `@mantine/hooks` (see mantine-core.ts). */
export {
  useClickOutside, useClipboard, useDebouncedCallback, useDebouncedValue, useDidUpdate, useDisclosure, useElementSize,
  useHotkeys, useId, useInterval, useListState, useLocalStorage, useMediaQuery, usePrevious, useTimeout, useToggle,
  useViewportSize, useWindowEvent,
} from '@mantine/hooks';
