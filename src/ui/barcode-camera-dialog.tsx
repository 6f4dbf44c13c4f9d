/**
 * The camera dialog of BarcodeScanButton (loaded lazily with it): a rear-camera preview read a few
 * times a second by the decoder until a code is found, with Vietnamese messages when the camera is
 * refused, missing or busy, and a box to type the code when the camera cannot help.
 */
import { Alert, Box, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { ResponsiveModal } from './responsive-modal';
import { IconCameraOff, IconKeyboard } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { getDecoder } from './barcode-decoder';

type Props = { opened: boolean; title: string; onClose: () => void; onDetected: (code: string) => void };

type CameraState = { kind: 'starting' } | { kind: 'scanning'; native: boolean } | { kind: 'error'; message: string };

const SCAN_INTERVAL_MS = 150;

/** The message for a failed getUserMedia (names from the Media Capture spec). */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Ứng dụng chưa được phép dùng camera. Hãy cho phép quyền camera trong cài đặt trình duyệt rồi thử lại.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
    return 'Không tìm thấy camera trên thiết bị này. Bạn có thể nhập mã vạch bằng tay bên dưới.';
  }
  if (name === 'NotReadableError' || name === 'AbortError') {
    return 'Camera đang được ứng dụng khác sử dụng. Hãy đóng ứng dụng đó rồi thử lại.';
  }
  if (error instanceof Error && error.name === 'DecoderUnavailableError') return error.message;
  return 'Không mở được camera. Bạn có thể nhập mã vạch bằng tay bên dưới.';
}

function CameraView({ onDetected }: { onDetected: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(onDetected);
  useEffect(() => {
    latest.current = onDetected;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        throw Object.assign(new Error('no camera API'), {
          name: window.isSecureContext ? 'NotFoundError' : 'SecurityError',
        });
      }
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      stream = media;
      if (stopped) return stop();
      const element = video.current;
      if (!element) return stop();
      element.srcObject = media;
      await element.play().catch(() => undefined);
      const decoder = await getDecoder();
      if (stopped) return;
      setState({ kind: 'scanning', native: decoder.native });
      const tick = async () => {
        if (stopped) return;
        if (element.readyState >= 2) {
          try {
            const [found] = await decoder.detect(element);
            if (found?.rawValue && !stopped) {
              stop();
              latest.current(found.rawValue.trim());
              return;
            }
          } catch {
            // A frame that cannot be read (size 0 while starting): try the next one.
          }
        }
        timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    })().catch((error: unknown) => {
      stop();
      setState({ kind: 'error', message: cameraErrorMessage(error) });
    });
    return stop;
  }, [attempt]);

  if (state.kind === 'error') {
    return (
      <Alert color="yellow" icon={<IconCameraOff size={18} />} data-testid="barcode-camera-error">
        <Stack gap="xs">
          <Text size="sm">{state.message}</Text>
          <Group>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => {
                setState({ kind: 'starting' });
                setAttempt((n) => n + 1);
              }}
            >
              Thử lại
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return (
    <Box pos="relative" style={{ borderRadius: 8, overflow: 'hidden', background: '#111', aspectRatio: '4 / 3' }}>
      <video
        ref={video}
        muted
        playsInline
        autoPlay
        style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        data-testid="barcode-video"
      />
      {/* The aiming frame. */}
      <Box
        pos="absolute"
        style={{ inset: '22% 10%', border: '2px solid rgba(255,255,255,0.85)', borderRadius: 8, pointerEvents: 'none' }}
        aria-hidden
      />
      {state.kind === 'starting' && (
        <Group pos="absolute" style={{ inset: 0 }} justify="center" align="center">
          <Loader color="white" />
        </Group>
      )}
    </Box>
  );
}

export function BarcodeCameraDialog({ opened, title, onClose, onDetected }: Props) {
  const [typed, setTyped] = useState('');
  const submitTyped = () => {
    const code = typed.trim();
    if (!code) return;
    setTyped('');
    onDetected(code);
  };
  return (
    <ResponsiveModal phoneFullScreen={false} opened={opened} onClose={onClose} title={title} centered size="md">
      <Stack gap="sm" data-testid="barcode-dialog">
        {/* Mounted only while open: closing releases the camera. */}
        {opened && <CameraView onDetected={onDetected} />}
        <Text size="xs" c="dimmed" ta="center">
          Đưa mã vạch vào giữa khung, giữ máy yên trong giây lát.
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label="Hoặc nhập mã vạch"
            placeholder="VD: 8934567000017"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                submitTyped();
              }
            }}
            leftSection={<IconKeyboard size={16} />}
            style={{ flex: 1 }}
            inputMode="numeric"
            data-testid="barcode-manual-input"
          />
          <Button onClick={submitTyped} disabled={!typed.trim()} data-testid="barcode-manual-submit">
            Tìm
          </Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}
