/**
 * Mantine's styles for every component the first paint does not draw (mantine-styles.ts has those),
 * loaded by later-styles.ts. Order: the pieces other components are built from (the list Mantine's
 * "CSS files list" page gives), then the components the app uses.
 */
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Flex.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Affix.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Chip.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/DataList.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/EmptyState.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/PinInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Stepper.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Timeline.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/Notification.layer.css';
// After @mantine/core, as Mantine requires.
import '@mantine/notifications/styles.layer.css';
