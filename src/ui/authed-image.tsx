/**
 * Images of tenant data. AuthedImage: a product image, an avatar, a visit photo: tenant data, so it is fetched with the access token (never a plain <img src>
 * to the API) and shown from an object URL that is released when the image leaves the screen.
 */
import { Center, Image, Loader } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { authedFetch } from '@/api/files';

export function AuthedImage({ path, alt, size }: { path: string; alt: string; size: number }) {
  const [state, setState] = useState<{ path: string; url: string | null; failed: boolean }>({ path, url: null, failed: false });
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    authedFetch(path)
      .then((response) => response.blob())
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ path, url, failed: false });
      })
      .catch(() => {
        if (!cancelled) setState({ path, url: null, failed: true });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  const current = state.path === path ? state : { url: null, failed: false };
  if (current.url) return <Image src={current.url} alt={alt} w={size} h={size} fit="cover" radius="sm" />;
  return (
    <Center
      w={size}
      h={size}
      bg="var(--mantine-color-gray-1)"
      style={{ borderRadius: 4 }}
      role="img"
      aria-label={current.failed ? 'Không tải được ảnh' : 'Đang tải ảnh'}
    >
      {current.failed ? <IconPhotoOff size={20} color="gray" /> : <Loader size="xs" />}
    </Center>
  );
}

/**
 * An image the device holds (a photo not yet sent): shown through an object URL set on the element
 * itself and released when the image leaves the screen or changes.
 */
export function BlobImage({ blob, alt, size }: { blob: Blob; alt: string; size: number }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(blob);
    if (ref.current) ref.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <img ref={ref} alt={alt} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }} />;
}
