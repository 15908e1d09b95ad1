import type { MailPlurals, MailStrings } from './en';

export const hu: MailStrings = {
  greeting: 'Kedves {{firstName}}!',
  signature: 'A {{product}} csapata',
  footer:
    'Ezt az e-mailt azért kapta, mert ezzel a címmel fiókot hoztak létre vagy használtak. Kérdése van? Írjon nekünk: {{supportEmail}}.',
  linkFallback: 'Ha a gomb nem működik, másolja be ezt a hivatkozást a böngészőjébe:',

  registrationSubject: 'Üdvözöljük a {{product}} szolgáltatásban: erősítse meg e-mail-címét',
  registrationIntro:
    'Fiókja elkészült. Erősítse meg e-mail-címét, hogy a követett vállalkozások híreit e-mailben is megkapja; az eszközein megjelenő értesítésekhez nem kell megerősítés.',
  registrationIntroWithEstablishment:
    'Mostantól követi ezt a helyet: {{establishment}}. Erősítse meg e-mail-címét, hogy a híreit e-mailben is megkapja; az eszközein megjelenő értesítésekhez nem kell megerősítés.',
  registrationIntroForClient:
    'A(z) {{establishment}} vállalkozása mostantól elérhető a {{product}} szolgáltatásban. Erősítse meg e-mail-címét, jelentkezzen be, és küldje el első hírét követőinek.',
  registrationIntroForClientAccount:
    'Elkészült {{product}}-fiókja vállalkozása üzemeltetéséhez. Erősítse meg e-mail-címét, és jelentkezzen be; amint vállalkozását összekapcsoltuk a fiókjával, híreket küldhet a követőinek.',
  registrationIntroForRepresentant:
    'Mostantól a {{product}} képviselője. Erősítse meg e-mail-címét, és jelentkezzen be: a képviselői panelen vállalkozásokat regisztrálhat az üzemeltetőikkel együtt, és nyomon követheti, hogyan mennek az üzleteik.',
  registrationIntroForAdmin:
    'Mostantól a {{product}} adminisztrátora. Erősítse meg e-mail-címét, és jelentkezzen be a felhasználók, a vállalkozások és követőik kezeléséhez.',
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
    'Valaki új jelszó beállítását kérte az Ön fiókjához. Ha Ön volt az, {{validFor}} belül nyissa meg az alábbi hivatkozást. Ha nem, hagyja figyelmen kívül ezt az e-mailt: jelszava változatlan marad.',
  resetButton: 'Új jelszó beállítása',

  adminResetSubject: 'Az Ön új {{product}}-jelszava',
  adminResetIntro:
    'A(z) {{product}} egyik adminisztrátora új jelszót állított be a fiókjához. Minden eszközön kijelentkeztettük: jelentkezzen be újra az alábbi jelszóval.',
  adminResetButton: 'Bejelentkezés',
  webhookDisabledSubject: 'A webhookját kikapcsoltuk',
  webhookDisabledText:
    'A(z) {{establishment}} webhookjának ({{url}}) hívásai egy napja sikertelenek, ezért kikapcsoltuk. A kézbesítetlen események a híváselőzményekben láthatók. Javítsa ki a fogadót, majd kapcsolja vissza a webhookot, és küldje újra, ami kimaradt.',
  webhookDisabledButton: 'Webhook beállításainak megnyitása',

  invitationGreeting: 'Üdvözöljük!',
  invitationSubject: '{{inviter}} meghívta Önt a(z) {{establishment}} kezelésére a {{product}} rendszerben',
  invitationIntro:
    '{{inviter}} meghívta Önt, hogy együtt kezeljék a(z) {{establishment}} oldalát a {{product}} rendszerben: küldjön híreket a követőknek, válaszoljon a hozzászólásokra a vállalkozás nevében, és kövesse, hogyan halad.',
  invitationHowTo:
    'Nyissa meg az alábbi hivatkozást {{validFor}} belül. Ha van fiókja ezzel a címmel, jelentkezzen be; ha nincs, egy perc alatt létrehozhatja. A hivatkozás egyszer használható.',
  invitationButton: 'Meghívás elfogadása',

  contactSubject: 'Kapcsolatfelvételi kérés: {{business}}',
  contactIntro:
    '{{name}} ({{business}}) szeretné használni a {{product}} szolgáltatást. A kapcsolatfelvételhez válaszoljon erre az e-mailre.',
  contactName: 'Név',
  contactBusiness: 'Vállalkozás',
  contactEmail: 'E-mail',
  contactPhone: 'Telefon',
  contactNoPhone: 'nincs megadva',
  contactLanguage: 'Nyelv',
  contactMessage: 'Üzenet',
  contactFooter:
    'A {{product}} kezdőlapjának kapcsolatfelvételi űrlapjáról küldve. A kérés a képviselői panelen is megtalálható.',

  emailChangedSubject: 'Megváltozott az e-mail-címe',
  emailChangedIntro:
    '{{product}}-fiókja e-mail-címét erről a címről egy új címre módosították. Mostantól az új címre írunk, és ezzel a címmel már nem tud bejelentkezni.',
  emailChangedWarning:
    'Ha nem Ön volt, lehet, hogy valaki ismeri a jelszavát: azonnal írjon nekünk a(z) {{supportEmail}} címre, hogy biztonságba helyezhessük a fiókját.',

  notificationOpen: 'Megnyitás',
  notificationWhy:
    'Azért kapja ezt az e-mailt, mert követi ezt: {{establishment}}, és az e-mailes értesítést választotta.',
  notificationUnsubscribe: 'Nem kérek több e-mailt innen: {{establishment}}',
  notificationManage: 'Válassza ki, hogyan érjék el az egyes üzletek',
  notificationPdf: 'A PDF megnyitása ({{size}})',
  notificationVideo: 'A videó megnézése ({{size}})',
};

/** Phrases that change with a number, by the plural forms of hu (one, other: a noun after a numeral stays singular). */
export const huPlurals: MailPlurals = {
  resetValidFor: { one: '{{count}} órán', other: '{{count}} órán' },
  invitationValidFor: { one: '{{count}} napon', other: '{{count}} napon' },
};
