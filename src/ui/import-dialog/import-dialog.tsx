/**
 * "Nhập Excel", the dialog every import shares: what the sheet holds, the template to start from,
 * the screen's own fields (an initial password), the .xlsx picker; then the import's steps with a
 * way to stop it, and its report. While it runs the dialog cannot be closed (a half-sent file
 * would leave the person guessing); a file refused before anything was sent says why under the
 * picker. What an import does with the file is the screen's `run`; what it reports, `report`.
 */
import { Alert, Button, FileButton, Group, Stack } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import { toast } from '@/ui/toast';
import { ImportStepView, type ImportStep } from './import-step';
import { ResponsiveModal } from '../responsive-modal';

export type ImportJob = { signal: AbortSignal; step: (step: ImportStep) => void };

/** An import's end: what to report, or why the file could not be imported (nothing changed). */
export type ImportOutcome<R> = { result: R } | { problem: string };

export type ImportTemplate = {
  /** Defaults to 'Tải tệp mẫu'. */
  label?: string;
  testId: string;
  /** What it resolves to (the saved file's name…) is not used. */
  download: () => Promise<unknown>;
  failure: (error: unknown) => string;
};

type Props<R> = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Test ids `${prefix}-dialog`, `-pick`, `-problem`, `-progress` (the dialog's own may differ). */
  testIdPrefix: string;
  dialogTestId?: string;
  /** Over everything (an import that needs the network, offline). */
  notice?: ReactNode;
  intro: ReactNode;
  fields?: ReactNode;
  template?: ImportTemplate;
  pickLabel?: string;
  pickDisabled?: boolean;
  run: (file: File, job: ImportJob) => Promise<ImportOutcome<R>>;
  report: (result: R, actions: { again: () => void; close: () => void }) => ReactNode;
  size?: 'lg' | 'xl';
};

type Phase<R> = { kind: 'idle' } | { kind: 'working'; step: ImportStep } | { kind: 'finished'; result: R };

const XLSX = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function ImportDialog<R>(props: Props<R>) {
  const { testIdPrefix: id } = props;
  const [phase, setPhase] = useState<Phase<R>>({ kind: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const busy = phase.kind === 'working';

  const start = async (file: File) => {
    setProblem(null);
    const controller = new AbortController();
    abort.current = controller;
    const outcome = await props.run(file, { signal: controller.signal, step: (step) => setPhase({ kind: 'working', step }) });
    abort.current = null;
    if ('problem' in outcome) {
      setPhase({ kind: 'idle' });
      setProblem(outcome.problem);
    } else setPhase({ kind: 'finished', result: outcome.result });
  };
  const again = () => setPhase({ kind: 'idle' });
  const close = () => {
    if (busy) return;
    setPhase({ kind: 'idle' });
    setProblem(null);
    props.onClose();
  };

  return (
    <ResponsiveModal
      opened={props.opened}
      onClose={close}
      title={props.title}
      size={props.size ?? 'lg'}
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      <Stack gap="sm" data-testid={props.dialogTestId ?? `${id}-dialog`}>
        {props.notice}
        {phase.kind === 'idle' && (
          <>
            {props.intro}
            {props.fields}
            <Group>
              {props.template && <TemplateButton template={props.template} />}
              <FileButton onChange={(file) => file && void start(file)} accept={XLSX}>
                {(button) => (
                  <Button
                    {...button}
                    leftSection={<IconFileSpreadsheet size={18} />}
                    disabled={props.pickDisabled}
                    data-testid={`${id}-pick`}
                  >
                    {props.pickLabel ?? 'Chọn tệp .xlsx'}
                  </Button>
                )}
              </FileButton>
            </Group>
          </>
        )}
        {problem && (
          <Alert color="red" variant="light" data-testid={`${id}-problem`}>
            {problem}
          </Alert>
        )}
        {phase.kind === 'working' && <ImportStepView step={phase.step} onStop={() => abort.current?.abort()} testId={`${id}-progress`} />}
        {phase.kind === 'finished' && props.report(phase.result, { again, close })}
      </Stack>
    </ResponsiveModal>
  );
}

function TemplateButton({ template }: { template: ImportTemplate }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await template.download();
    } catch (error) {
      toast.error(template.failure(error));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={18} />}
      onClick={() => void download()}
      loading={downloading}
      data-testid={template.testId}
    >
      {template.label ?? 'Tải tệp mẫu'}
    </Button>
  );
}
