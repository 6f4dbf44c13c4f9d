import { MantineProvider } from '@mantine/core';
import { getDefaultNormalizer, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { CompactNumber, MoneyText } from './money-text';

// Keep the no-break space before ₫: the default normalizer would turn it into a plain space.
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

describe('MoneyText', () => {
  it('shows the amount in đồng', () => {
    render(<MoneyText value={1234567} />, { wrapper });
    expect(screen.getByText('1.234.567\u00a0₫', exact)).toBeTruthy();
  });

  it('shows a missing amount as zero', () => {
    render(<MoneyText value={null} />, { wrapper });
    expect(screen.getByText('0\u00a0₫', exact)).toBeTruthy();
  });
});

describe('CompactNumber', () => {
  it('shows the short form with the exact number as its title', () => {
    render(<CompactNumber value={1_250_000} />, { wrapper });
    expect(screen.getByText('1.3m').getAttribute('title')).toBe('1.250.000');
  });
});
