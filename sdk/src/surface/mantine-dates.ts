/** What a plugin remote may import from `@mantine/dates` (see mantine-core.ts). */
export {
  DateInput, DatePicker, DatePickerInput, DateTimePicker, DatesProvider, MonthPickerInput, TimeInput, YearPickerInput,
} from '@mantine/dates';
