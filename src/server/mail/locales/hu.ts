import type { MailStrings } from './en';

export const hu: MailStrings = {
  greeting: 'Kedves {{firstName}}!',
  signature: 'A {{product}} csapata',
  footer:
    'Ezt az e-mailt azért kapta, mert ezzel a címmel fiókot hoztak létre vagy használtak. Kérdése van? Írjon nekünk: {{supportEmail}}.',
  linkFallback: 'Ha a gomb nem működik, másolja be ezt a hivatkozást a böngészőjébe:',

  registrationSubject: 'Üdvözöljük a {{product}} szolgáltatásban: erősítse meg e-mail-címét',
  registrationIntro:
    'Fiókja elkészült. Erősítse meg e-mail-címét, hogy megkapja az Ön által követett vállalkozások híreit.',
  registrationIntroWithEstablishment:
    'Mostantól követi ezt a helyet: {{establishment}}. Erősítse meg e-mail-címét, hogy megkapja a híreit.',
  registrationIntroForClient:
    'A(z) {{establishment}} vállalkozása mostantól elérhető a {{product}} szolgáltatásban. Erősítse meg e-mail-címét, jelentkezzen be, és küldje el első hírét követőinek.',
  registrationButton: 'E-mail-cím megerősítése',
  registrationPassword: 'Jelszava a bejelentkezéshez: {{password}}',
  registrationPasswordHint: 'Bármikor módosíthatja a Fiók > Biztonság menüpontban.',
  registrationApp: 'Töltse le az alkalmazást Android telefonjára: {{androidAppUrl}}',

  verifySubject: 'Erősítse meg e-mail-címét',
  verifyIntro:
    'Kérjük, erősítse meg e-mail-címét az alábbi hivatkozás megnyitásával. A hivatkozás {{hours}} óráig érvényes.',
  verifyButton: 'E-mail-cím megerősítése',

  resetSubject: 'Új jelszó beállítása',
  resetIntro:
    'Valaki új jelszó beállítását kérte az Ön fiókjához. Ha Ön volt az, {{hours}} órán belül nyissa meg az alábbi hivatkozást. Ha nem, hagyja figyelmen kívül ezt az e-mailt: jelszava változatlan marad.',
  resetButton: 'Új jelszó beállítása',

  emailChangedSubject: 'Megváltozott az e-mail-címe',
  emailChangedIntro:
    '{{product}}-fiókja e-mail-címét erről a címről egy új címre módosították. Mostantól az új címre írunk, és ezzel a címmel már nem tud bejelentkezni.',
  emailChangedWarning:
    'Ha nem Ön volt, lehet, hogy valaki ismeri a jelszavát: azonnal írjon nekünk a(z) {{supportEmail}} címre, hogy biztonságba helyezhessük a fiókját.',
};
