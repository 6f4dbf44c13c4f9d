/**
 * Mantine's styles for the first paint of a cold start (sign-in and the dashboard, on a phone and on
 * a desktop): the globals and the components those screens draw. Every other component's sheet is
 * in mantine-styles-later.ts, fetched once that first frame is painted (later-styles.ts), so the
 * render-blocking CSS is what the first screen needs (docs/performance.md). Sheets are per component instead of
 * the whole @mantine/core/styles.css (~290 kB raw), and in Mantine's `mantine` cascade
 * layer: the app's own CSS, unlayered, wins over them whichever arrives first.
 * src/ui/mantine-styles.test.ts fails when a component imported from @mantine/core has no sheet in
 * either list; tests/e2e/sign-in.test.ts fails when a cold start draws one that is not in this one.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
