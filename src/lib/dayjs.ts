// The one place dayjs is configured, for Mantine's date pickers (@mantine/dates reads and writes
// dates with dayjs): the Vietnamese locale, and typed dates read in the display format. Every file
// that renders a picker imports it (src/lib/dates.test.ts checks), so the locale is never missing.
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(customParseFormat);
dayjs.extend(localizedFormat);
dayjs.locale('vi');

export { dayjs };
