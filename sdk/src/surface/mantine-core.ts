/**
 * What a plugin remote may import from `@mantine/core`: the shell provides this module under that
 * name instead of the whole library (sdk/README-client.md « The shared surface »). A remote build
 * importing anything else fails with a French message (SharedSurfacePlugin). Types are not
 * limited: `import type` of any Mantine type is fine. Adding a component here is a one-line
 * change of the SDK, and costs its size in the surface chunk of every remote screen.
 */
export {
  // layout
  Box, Center, Container, Divider, Flex, Grid, Group, Paper, ScrollArea, SimpleGrid, Space, Stack, Card,
  // text
  Anchor, Blockquote, Code, Highlight, Kbd, List, Mark, NumberFormatter, Text, Title,
  // buttons
  ActionIcon, Button, CloseButton, CopyButton, FileButton, UnstyledButton,
  // inputs
  Autocomplete, Checkbox, Chip, ColorInput, ColorSwatch, Fieldset, FileInput, Input, MultiSelect, NativeSelect,
  NumberInput, PasswordInput, Radio, SegmentedControl, Select, Switch, TagsInput, Textarea, TextInput,
  // data display
  Accordion, Avatar, Badge, Image, Indicator, Table, ThemeIcon, Timeline, Tooltip,
  // navigation
  Breadcrumbs, Menu, NavLink, Pagination, Stepper, Tabs,
  // feedback and overlays
  Alert, Collapse, Drawer, HoverCard, Loader, LoadingOverlay, Modal, Popover, Progress, Skeleton, VisuallyHidden,
  // theme (read only: the shell owns the provider and the theme)
  rem, useComputedColorScheme, useMantineTheme,
} from '@mantine/core';
