// Placeholder for screens that exist in the menu but whose capability lands in a later release.
import { IconHourglassEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';

export interface ComingSoonProps {
  /** The screen's name, so users know which feature they reached. */
  title: ReactNode;
}

export function ComingSoon({ title }: ComingSoonProps) {
  return (
    <EmptyState
      icon={<IconHourglassEmpty />}
      title={title}
      description={
        <>
          Chức năng này chưa có trong phiên bản hiện tại
          <br />
          Màn hình sẽ được hoàn thiện trong các bản cập nhật tiếp theo.
        </>
      }
    />
  );
}
