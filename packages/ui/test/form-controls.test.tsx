import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Checkbox,
  Collapsible,
  CollapsibleContent,
  CollapsibleTrigger,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
} from '../src/index.ts';

beforeAll(() => {
  // jsdom lacks the pointer-capture, scrolling and resize APIs Radix Select calls.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

describe('form controls', () => {
  it('Tabs switch panels by click and arrow keys', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="a">
        <TabsList aria-label="Views">
          <TabsTrigger value="a">First</TabsTrigger>
          <TabsTrigger value="b">Second</TabsTrigger>
        </TabsList>
        <TabsContent value="a">Panel A</TabsContent>
        <TabsContent value="b">Panel B</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tablist', { name: 'Views' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel A');
    await user.click(screen.getByRole('tab', { name: 'Second' }));
    expect(screen.getByRole('tab', { name: 'Second' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel B');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel A');
  });

  it('Checkbox is labelled, toggles, and can be disabled', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Checkbox id="one" />
        <Label htmlFor="one">Agree</Label>
        <Checkbox id="two" disabled />
        <Label htmlFor="two">Later</Label>
      </>,
    );
    const agree = screen.getByRole('checkbox', { name: 'Agree' });
    expect(agree).not.toBeChecked();
    await user.click(screen.getByText('Agree'));
    expect(agree).toBeChecked();
    await user.keyboard(' ');
    expect(agree).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Later' })).toBeDisabled();
  });

  it('Select is a native labelled combobox with options', async () => {
    function Picker() {
      const [value, setValue] = useState('');
      return (
        <>
          <Label htmlFor="fruit">Fruit</Label>
          <Select value={value} onValueChange={setValue}>
            <SelectTrigger id="fruit">
              <SelectValue placeholder="Pick one" />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="apple">Apple</SelectItem>
              <SelectItem value="pear">Pear</SelectItem>
            </SelectContent>
          </Select>
          <output>{value}</output>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Picker />);
    const trigger = screen.getByRole('combobox', { name: 'Fruit' });
    expect(trigger).toHaveDisplayValue('Pick one');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Apple', 'Pear']);
    await user.selectOptions(trigger, 'Pear');
    expect(trigger).toHaveDisplayValue('Pear');
    expect(screen.getByRole('status')).toHaveTextContent('pear');
  });

  it('Textarea passes its props through', () => {
    render(<Textarea aria-label="Notes" maxLength={10} defaultValue="hi" />);
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('maxlength', '10');
  });

  it('Collapsible shows its content when the trigger is pressed', async () => {
    const user = userEvent.setup();
    render(
      <Collapsible>
        <CollapsibleTrigger>More</CollapsibleTrigger>
        <CollapsibleContent>Hidden details</CollapsibleContent>
      </Collapsible>,
    );
    expect(screen.queryByText('Hidden details')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Hidden details')).toBeInTheDocument();
  });
});
