import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address.tsx';

describe('EmailAddress', () => {
  it('offers a break only after the @ and each dot, and reads as the address', () => {
    const { container } = render(<EmailAddress address="careers@northbeam.example" />);
    expect(container.textContent).toBe('careers@northbeam.example');
    const beforeEachBreak = [...container.querySelectorAll('wbr')].map((wbr) => wbr.previousSibling?.textContent);
    expect(beforeEachBreak).toEqual(['careers@', 'northbeam.']);
  });
});
