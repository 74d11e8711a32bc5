// The words of the booking e-mails, in the app's seven languages. The app server's own:
// the browser's catalogues are the pages' (and load with them), and an e-mail is written
// here, where it is sent from; what both sides must say the same (the calendar event, the
// deadlines' rules) comes from the contract.
import type { Language } from '../../src/contract/index.ts';

export interface MailWords {
  confirmedSubject: (hotel: string, reference: string) => string;
  cancelledSubject: (hotel: string, reference: string) => string;
  confirmedIntro: (firstName: string) => string;
  cancelledIntro: (firstName: string) => string;
  reference: string;
  hotel: string;
  dates: string;
  nights: (count: number) => string;
  room: string;
  guests: (adults: number, children: number) => string;
  charged: string;
  dueAtProperty: string;
  refund: string;
  freeCancellation: (deadline: string) => string;
  nonRefundable: string;
  yourTime: (time: string) => string;
  manage: string;
  manageNote: string;
  calendar: string;
  footer: string;
}

const en: MailWords = {
  confirmedSubject: (hotel, reference) => `Booking confirmed: ${hotel} (${reference})`,
  cancelledSubject: (hotel, reference) => `Booking cancelled: ${hotel} (${reference})`,
  confirmedIntro: (name) => `Hello ${name}, your stay is booked.`,
  cancelledIntro: (name) => `Hello ${name}, your booking is cancelled.`,
  reference: 'Booking reference',
  hotel: 'Hotel',
  dates: 'Dates',
  nights: (n) => (n === 1 ? '1 night' : `${n} nights`),
  room: 'Room',
  guests: (a, c) =>
    [a === 1 ? '1 adult' : `${a} adults`, c === 0 ? '' : c === 1 ? '1 child' : `${c} children`]
      .filter(Boolean)
      .join(', '),
  charged: 'Charged now',
  dueAtProperty: 'Due at the property',
  refund: 'Refund',
  freeCancellation: (deadline) => `Free cancellation until ${deadline} (hotel's local time).`,
  nonRefundable: 'This rate cannot be refunded.',
  yourTime: (time) => `That is ${time} where you are.`,
  manage: 'Manage your booking',
  manageNote: 'The link opens your booking on any device; keep this e-mail to yourself.',
  calendar: 'The stay is attached as a calendar file (.ics).',
  footer: 'Staylane · you get this e-mail because you booked with us.',
};

const fr: MailWords = {
  confirmedSubject: (hotel, reference) => `Réservation confirmée : ${hotel} (${reference})`,
  cancelledSubject: (hotel, reference) => `Réservation annulée : ${hotel} (${reference})`,
  confirmedIntro: (name) => `Bonjour ${name}, votre séjour est réservé.`,
  cancelledIntro: (name) => `Bonjour ${name}, votre réservation est annulée.`,
  reference: 'Référence',
  hotel: 'Hôtel',
  dates: 'Dates',
  nights: (n) => (n === 1 ? '1 nuit' : `${n} nuits`),
  room: 'Chambre',
  guests: (a, c) =>
    [a === 1 ? '1 adulte' : `${a} adultes`, c === 0 ? '' : c === 1 ? '1 enfant' : `${c} enfants`]
      .filter(Boolean)
      .join(', '),
  charged: 'Débité maintenant',
  dueAtProperty: 'À régler sur place',
  refund: 'Remboursement',
  freeCancellation: (deadline) =>
    `Annulation gratuite jusqu’au ${deadline} (heure locale de l’hôtel).`,
  nonRefundable: 'Ce tarif n’est pas remboursable.',
  yourTime: (time) => `Soit ${time} chez vous.`,
  manage: 'Gérer ma réservation',
  manageNote: 'Le lien ouvre votre réservation sur tout appareil : gardez cet e-mail pour vous.',
  calendar: 'Le séjour est joint en fichier d’agenda (.ics).',
  footer: 'Staylane · vous recevez cet e-mail car vous avez réservé chez nous.',
};

const es: MailWords = {
  confirmedSubject: (hotel, reference) => `Reserva confirmada: ${hotel} (${reference})`,
  cancelledSubject: (hotel, reference) => `Reserva cancelada: ${hotel} (${reference})`,
  confirmedIntro: (name) => `Hola, ${name}: tu estancia está reservada.`,
  cancelledIntro: (name) => `Hola, ${name}: tu reserva está cancelada.`,
  reference: 'Referencia',
  hotel: 'Hotel',
  dates: 'Fechas',
  nights: (n) => (n === 1 ? '1 noche' : `${n} noches`),
  room: 'Habitación',
  guests: (a, c) =>
    [a === 1 ? '1 adulto' : `${a} adultos`, c === 0 ? '' : c === 1 ? '1 niño' : `${c} niños`]
      .filter(Boolean)
      .join(', '),
  charged: 'Cobrado ahora',
  dueAtProperty: 'A pagar en el alojamiento',
  refund: 'Reembolso',
  freeCancellation: (deadline) =>
    `Cancelación gratuita hasta el ${deadline} (hora local del hotel).`,
  nonRefundable: 'Esta tarifa no es reembolsable.',
  yourTime: (time) => `Es decir, ${time} donde estás.`,
  manage: 'Gestionar mi reserva',
  manageNote: 'El enlace abre tu reserva en cualquier dispositivo: no compartas este correo.',
  calendar: 'La estancia va adjunta como archivo de calendario (.ics).',
  footer: 'Staylane · recibes este correo porque has reservado con nosotros.',
};

const de: MailWords = {
  confirmedSubject: (hotel, reference) => `Buchung bestätigt: ${hotel} (${reference})`,
  cancelledSubject: (hotel, reference) => `Buchung storniert: ${hotel} (${reference})`,
  confirmedIntro: (name) => `Hallo ${name}, Ihr Aufenthalt ist gebucht.`,
  cancelledIntro: (name) => `Hallo ${name}, Ihre Buchung ist storniert.`,
  reference: 'Buchungsnummer',
  hotel: 'Hotel',
  dates: 'Daten',
  nights: (n) => (n === 1 ? '1 Nacht' : `${n} Nächte`),
  room: 'Zimmer',
  guests: (a, c) =>
    [
      a === 1 ? '1 Erwachsener' : `${a} Erwachsene`,
      c === 0 ? '' : c === 1 ? '1 Kind' : `${c} Kinder`,
    ]
      .filter(Boolean)
      .join(', '),
  charged: 'Jetzt belastet',
  dueAtProperty: 'Vor Ort zu zahlen',
  refund: 'Erstattung',
  freeCancellation: (deadline) => `Kostenlos stornierbar bis ${deadline} (Ortszeit des Hotels).`,
  nonRefundable: 'Dieser Tarif ist nicht erstattungsfähig.',
  yourTime: (time) => `Das ist ${time} bei Ihnen.`,
  manage: 'Buchung verwalten',
  manageNote: 'Der Link öffnet Ihre Buchung auf jedem Gerät: Geben Sie diese E-Mail nicht weiter.',
  calendar: 'Der Aufenthalt ist als Kalenderdatei (.ics) angehängt.',
  footer: 'Staylane · Sie erhalten diese E-Mail, weil Sie bei uns gebucht haben.',
};

const hi: MailWords = {
  confirmedSubject: (hotel, reference) => `बुकिंग की पुष्टि: ${hotel} (${reference})`,
  cancelledSubject: (hotel, reference) => `बुकिंग रद्द: ${hotel} (${reference})`,
  confirmedIntro: (name) => `नमस्ते ${name}, आपका ठहराव बुक हो गया है।`,
  cancelledIntro: (name) => `नमस्ते ${name}, आपकी बुकिंग रद्द हो गई है।`,
  reference: 'बुकिंग संदर्भ',
  hotel: 'होटल',
  dates: 'तारीखें',
  nights: (n) => `${n} रात`,
  room: 'कमरा',
  guests: (a, c) => [`${a} वयस्क`, c === 0 ? '' : `${c} बच्चे`].filter(Boolean).join(', '),
  charged: 'अभी लिया गया',
  dueAtProperty: 'होटल पर देय',
  refund: 'धनवापसी',
  freeCancellation: (deadline) => `${deadline} तक मुफ़्त रद्दीकरण (होटल का स्थानीय समय)।`,
  nonRefundable: 'यह दर वापसी योग्य नहीं है।',
  yourTime: (time) => `आपके यहाँ यह ${time} है।`,
  manage: 'अपनी बुकिंग प्रबंधित करें',
  manageNote: 'यह लिंक किसी भी डिवाइस पर आपकी बुकिंग खोलता है: इस ई-मेल को किसी से साझा न करें।',
  calendar: 'ठहराव कैलेंडर फ़ाइल (.ics) के रूप में संलग्न है।',
  footer: 'Staylane · आपको यह ई-मेल इसलिए मिला क्योंकि आपने हमारे साथ बुकिंग की।',
};

const ar: MailWords = {
  confirmedSubject: (hotel, reference) => `تم تأكيد الحجز: ${hotel} (${reference})`,
  cancelledSubject: (hotel, reference) => `تم إلغاء الحجز: ${hotel} (${reference})`,
  confirmedIntro: (name) => `مرحبًا ${name}، تم حجز إقامتك.`,
  cancelledIntro: (name) => `مرحبًا ${name}، تم إلغاء حجزك.`,
  reference: 'مرجع الحجز',
  hotel: 'الفندق',
  dates: 'التواريخ',
  nights: (n) => (n === 1 ? 'ليلة واحدة' : n === 2 ? 'ليلتان' : `${n} ليالٍ`),
  room: 'الغرفة',
  guests: (a, c) =>
    [a === 1 ? 'بالغ واحد' : `${a} بالغين`, c === 0 ? '' : c === 1 ? 'طفل واحد' : `${c} أطفال`]
      .filter(Boolean)
      .join('، '),
  charged: 'المبلغ المدفوع الآن',
  dueAtProperty: 'المستحق في الفندق',
  refund: 'المبلغ المسترد',
  freeCancellation: (deadline) => `إلغاء مجاني حتى ${deadline} (بالتوقيت المحلي للفندق).`,
  nonRefundable: 'هذا السعر غير قابل للاسترداد.',
  yourTime: (time) => `أي ${time} حيث أنت.`,
  manage: 'إدارة حجزك',
  manageNote: 'يفتح الرابط حجزك على أي جهاز: لا تشارك هذا البريد.',
  calendar: 'الإقامة مرفقة كملف تقويم (.ics).',
  footer: 'Staylane · وصلك هذا البريد لأنك حجزت معنا.',
};

const ja: MailWords = {
  confirmedSubject: (hotel, reference) => `予約確定：${hotel}（${reference}）`,
  cancelledSubject: (hotel, reference) => `予約キャンセル：${hotel}（${reference}）`,
  confirmedIntro: (name) => `${name} 様、ご宿泊の予約が確定しました。`,
  cancelledIntro: (name) => `${name} 様、ご予約はキャンセルされました。`,
  reference: '予約番号',
  hotel: 'ホテル',
  dates: '日程',
  nights: (n) => `${n}泊`,
  room: '客室',
  guests: (a, c) => [`大人${a}名`, c === 0 ? '' : `子供${c}名`].filter(Boolean).join('、'),
  charged: 'お支払い済み',
  dueAtProperty: '現地でのお支払い',
  refund: '返金額',
  freeCancellation: (deadline) => `${deadline}（ホテル現地時間）まで無料でキャンセルできます。`,
  nonRefundable: 'この料金は返金できません。',
  yourTime: (time) => `お住まいの地域では ${time} です。`,
  manage: '予約を管理する',
  manageNote: 'このリンクはどの端末でも予約を開きます。メールは他の人と共有しないでください。',
  calendar: '宿泊はカレンダーファイル（.ics）として添付しています。',
  footer: 'Staylane・ご予約いただいたためこのメールをお送りしています。',
};

export const MAIL_WORDS: Readonly<Record<Language, MailWords>> = { en, fr, es, de, hi, ar, ja };
