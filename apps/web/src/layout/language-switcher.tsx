import { useState, type MouseEvent } from 'react';
import LanguageIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Button, IconButton, Menu, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import { useLocaleState, useLocales, useTranslate } from 'react-admin';

/**
 * The language menu (spec §1: en, es, pt, de, fr, ar, ko, ru, zh, ja). react-admin's own button has no
 * accessible name; this one is labelled "Language" and shows the current language.
 */
export function LanguageSwitcher({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const translate = useTranslate();
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = languages.find((language) => language.locale === locale)?.name ?? locale;
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const label = `${translate('app.toolbar.language')}: ${current}`;
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  return (
    <>
      {compact ? (
        <IconButton color="inherit" aria-label={label} aria-haspopup="menu" onClick={open}>
          <LanguageIcon />
        </IconButton>
      ) : (
        <Button
          color={color}
          aria-label={label}
          aria-haspopup="menu"
          startIcon={<LanguageIcon />}
          endIcon={<ExpandMoreIcon fontSize="small" />}
          onClick={open}
        >
          {current}
        </Button>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {languages.map((language) => (
          <MenuItem
            key={language.locale}
            selected={language.locale === locale}
            lang={language.locale}
            onClick={() => {
              setLocale(language.locale);
              setAnchor(null);
            }}
          >
            {language.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
