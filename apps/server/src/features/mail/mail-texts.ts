/**
 * The texts of every mail, in the four languages the product speaks (spec §1); English is the fallback.
 * `{name}`, `{brand}`, `{hours}`, `{trip}`, `{vorgangnr}`, `{date}`, `{amount}`, `{level}` and `{person}` are filled in when
 * the mail is rendered.
 */
export type MailLanguage = 'de' | 'en' | 'es' | 'ru';
export type MailTemplate =
  | 'verify'
  | 'activate'
  | 'invite'
  | 'reset'
  | 'passwordChanged'
  | 'deleteRequest'
  | 'deleted'
  | 'waitlistOffer'
  | 'bookingConfirmation'
  | 'bookingReceived'
  | 'optionReminder'
  | 'optionExpired'
  | 'paymentReminder'
  | 'cancellation'
  | 'bookingDocuments'
  | 'shareRequest'
  | 'newsletterConfirm';
export type MailText = { subject: string; intro: string; action?: string; outro: string };

export const MAIL_LANGUAGES: readonly MailLanguage[] = ['de', 'en', 'es', 'ru'];

export const MAIL_COMMON: Record<
  MailLanguage,
  {
    greeting: string;
    fallbackGreeting: string;
    linkHint: string;
    regards: string;
    legal: { imprint: string; privacy: string; terms: string };
  }
> = {
  en: {
    greeting: 'Hello {name},',
    fallbackGreeting: 'Hello,',
    linkHint: 'If the button does not work, copy this link into your browser:',
    regards: 'Kind regards\nYour {brand} team',
    legal: { imprint: 'Imprint', privacy: 'Privacy', terms: 'Terms' },
  },
  de: {
    greeting: 'Hallo {name},',
    fallbackGreeting: 'Hallo,',
    linkHint: 'Falls der Button nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
    regards: 'Freundliche Grüße\nIhr {brand}-Team',
    legal: { imprint: 'Impressum', privacy: 'Datenschutz', terms: 'AGB' },
  },
  es: {
    greeting: 'Hola, {name}:',
    fallbackGreeting: 'Hola:',
    linkHint: 'Si el botón no funciona, copie este enlace en su navegador:',
    regards: 'Atentamente,\nEl equipo de {brand}',
    legal: { imprint: 'Aviso legal', privacy: 'Privacidad', terms: 'Condiciones' },
  },
  ru: {
    greeting: 'Здравствуйте, {name}!',
    fallbackGreeting: 'Здравствуйте!',
    linkHint: 'Если кнопка не работает, скопируйте эту ссылку в браузер:',
    regards: 'С уважением,\nкоманда {brand}',
    legal: { imprint: 'Выходные данные', privacy: 'Конфиденциальность', terms: 'Условия' },
  },
};

export const MAIL_TEXTS: Record<MailTemplate, Record<MailLanguage, MailText>> = {
  bookingConfirmation: {
    en: {
      subject: 'Booking confirmation {vorgangnr}: {trip}',
      intro: 'thank you for your booking. We confirm your booking {vorgangnr} for {trip}.',
      outro: 'Your travel confirmation is attached. Please check it and let us know if anything is not right.',
    },
    de: {
      subject: 'Reisebestätigung {vorgangnr}: {trip}',
      intro: 'vielen Dank für Ihre Buchung. Wir bestätigen Ihre Buchung {vorgangnr} für die Reise {trip}.',
      outro:
        'Ihre Reisebestätigung finden Sie im Anhang. Bitte prüfen Sie die Angaben und melden Sie sich, falls etwas nicht stimmt.',
    },
    es: {
      subject: 'Confirmación de reserva {vorgangnr}: {trip}',
      intro: 'gracias por su reserva. Confirmamos su reserva {vorgangnr} para {trip}.',
      outro: 'Adjuntamos su confirmación de viaje. Revísela y avísenos si algo no es correcto.',
    },
    ru: {
      subject: 'Подтверждение брони {vorgangnr}: {trip}',
      intro: 'благодарим за бронирование. Подтверждаем вашу бронь {vorgangnr} на поездку {trip}.',
      outro: 'Подтверждение поездки во вложении. Пожалуйста, проверьте данные и сообщите нам, если что-то неверно.',
    },
  },
  bookingReceived: {
    en: {
      subject: 'We have received your booking {vorgangnr}: {trip}',
      intro: 'thank you for your booking {vorgangnr} for {trip}. We have received it and will get back to you shortly.',
      outro: 'You will receive your travel confirmation as soon as the booking is confirmed.',
    },
    de: {
      subject: 'Ihre Buchung {vorgangnr} ist eingegangen: {trip}',
      intro:
        'vielen Dank für Ihre Buchung {vorgangnr} für die Reise {trip}. Sie ist bei uns eingegangen, wir melden uns in Kürze.',
      outro: 'Ihre Reisebestätigung erhalten Sie, sobald die Buchung bestätigt ist.',
    },
    es: {
      subject: 'Hemos recibido su reserva {vorgangnr}: {trip}',
      intro:
        'gracias por su reserva {vorgangnr} para {trip}. La hemos recibido y nos pondremos en contacto con usted en breve.',
      outro: 'Recibirá su confirmación de viaje en cuanto se confirme la reserva.',
    },
    ru: {
      subject: 'Мы получили вашу бронь {vorgangnr}: {trip}',
      intro: 'благодарим за бронь {vorgangnr} на поездку {trip}. Мы её получили и скоро свяжемся с вами.',
      outro: 'Подтверждение поездки вы получите, как только бронь будет подтверждена.',
    },
  },
  optionReminder: {
    en: {
      subject: 'Your option {vorgangnr} ends on {date}: {trip}',
      intro: 'your option {vorgangnr} for {trip} is held until {date}.',
      outro: 'Please confirm your booking before then; afterwards the places are released.',
    },
    de: {
      subject: 'Ihre Option {vorgangnr} endet am {date}: {trip}',
      intro: 'Ihre Option {vorgangnr} für die Reise {trip} halten wir bis {date} für Sie bereit.',
      outro: 'Bitte bestätigen Sie Ihre Buchung bis dahin; danach geben wir die Plätze wieder frei.',
    },
    es: {
      subject: 'Su opción {vorgangnr} vence el {date}: {trip}',
      intro: 'mantenemos su opción {vorgangnr} para {trip} hasta el {date}.',
      outro: 'Confirme su reserva antes de esa fecha; después, las plazas quedarán libres.',
    },
    ru: {
      subject: 'Ваша опция {vorgangnr} истекает {date}: {trip}',
      intro: 'мы держим вашу опцию {vorgangnr} на поездку {trip} до {date}.',
      outro: 'Пожалуйста, подтвердите бронь до этого срока; после него места будут освобождены.',
    },
  },
  optionExpired: {
    en: {
      subject: 'Your option {vorgangnr} has ended: {trip}',
      intro:
        'your option {vorgangnr} for {trip} was not confirmed in time and has ended; the places have been released.',
      outro: 'If you would still like to travel, we will gladly check what is available.',
    },
    de: {
      subject: 'Ihre Option {vorgangnr} ist abgelaufen: {trip}',
      intro:
        'Ihre Option {vorgangnr} für die Reise {trip} wurde nicht rechtzeitig bestätigt und ist abgelaufen; die Plätze sind wieder frei.',
      outro: 'Wenn Sie weiterhin mitreisen möchten, prüfen wir gern, was noch frei ist.',
    },
    es: {
      subject: 'Su opción {vorgangnr} ha vencido: {trip}',
      intro: 'su opción {vorgangnr} para {trip} no se confirmó a tiempo y ha vencido; las plazas han quedado libres.',
      outro: 'Si todavía desea viajar, con gusto comprobaremos la disponibilidad.',
    },
    ru: {
      subject: 'Ваша опция {vorgangnr} истекла: {trip}',
      intro: 'ваша опция {vorgangnr} на поездку {trip} не была вовремя подтверждена и истекла; места освобождены.',
      outro: 'Если вы всё ещё хотите поехать, мы охотно проверим наличие мест.',
    },
  },
  paymentReminder: {
    en: {
      subject: 'Payment reminder (level {level}) for booking {vorgangnr}',
      intro:
        'according to our records, {amount} for your booking {vorgangnr} ({trip}) was due on {date} and is still open.',
      outro:
        'Please transfer the amount within the next few days. If you have already paid, please disregard this message.',
    },
    de: {
      subject: 'Zahlungserinnerung (Stufe {level}) zur Buchung {vorgangnr}',
      intro:
        'nach unseren Unterlagen war für Ihre Buchung {vorgangnr} ({trip}) am {date} ein Betrag von {amount} fällig, der noch offen ist.',
      outro:
        'Bitte überweisen Sie den Betrag in den nächsten Tagen. Sollten Sie bereits gezahlt haben, betrachten Sie dieses Schreiben als gegenstandslos.',
    },
    es: {
      subject: 'Recordatorio de pago (nivel {level}) de la reserva {vorgangnr}',
      intro:
        'según nuestros registros, el importe de {amount} de su reserva {vorgangnr} ({trip}) venció el {date} y sigue pendiente.',
      outro: 'Le rogamos que transfiera el importe en los próximos días. Si ya ha pagado, ignore este mensaje.',
    },
    ru: {
      subject: 'Напоминание об оплате (уровень {level}) по брони {vorgangnr}',
      intro:
        'по нашим данным, сумма {amount} по вашей брони {vorgangnr} ({trip}) подлежала оплате {date} и ещё не оплачена.',
      outro: 'Пожалуйста, переведите сумму в ближайшие дни. Если вы уже оплатили, не обращайте внимания на это письмо.',
    },
  },
  cancellation: {
    en: {
      subject: 'Cancellation of booking {vorgangnr}: {trip}',
      intro: 'we confirm the cancellation of your booking {vorgangnr} for {trip}. The cancellation fee is {amount}.',
      outro: 'Any credit note is attached. We hope to welcome you on another trip soon.',
    },
    de: {
      subject: 'Stornierung der Buchung {vorgangnr}: {trip}',
      intro:
        'hiermit bestätigen wir die Stornierung Ihrer Buchung {vorgangnr} für die Reise {trip}. Die Stornogebühr beträgt {amount}.',
      outro:
        'Eine Gutschrift finden Sie gegebenenfalls im Anhang. Wir hoffen, Sie bald auf einer anderen Reise begrüßen zu dürfen.',
    },
    es: {
      subject: 'Cancelación de la reserva {vorgangnr}: {trip}',
      intro:
        'confirmamos la cancelación de su reserva {vorgangnr} para {trip}. Los gastos de cancelación ascienden a {amount}.',
      outro: 'Si corresponde, adjuntamos la nota de abono. Esperamos darle la bienvenida pronto en otro viaje.',
    },
    ru: {
      subject: 'Аннуляция брони {vorgangnr}: {trip}',
      intro: 'подтверждаем аннуляцию вашей брони {vorgangnr} на поездку {trip}. Сбор за аннуляцию составляет {amount}.',
      outro: 'Кредит-нота, если она есть, во вложении. Надеемся вскоре снова видеть вас в поездке.',
    },
  },
  bookingDocuments: {
    en: {
      subject: 'Your documents for booking {vorgangnr}: {trip}',
      intro: 'please find attached the documents for your booking {vorgangnr} ({trip}).',
      outro: 'If you have any questions, simply reply to this e-mail.',
    },
    de: {
      subject: 'Ihre Unterlagen zur Buchung {vorgangnr}: {trip}',
      intro: 'im Anhang erhalten Sie die Unterlagen zu Ihrer Buchung {vorgangnr} ({trip}).',
      outro: 'Bei Fragen antworten Sie einfach auf diese E-Mail.',
    },
    es: {
      subject: 'Sus documentos de la reserva {vorgangnr}: {trip}',
      intro: 'adjuntamos los documentos de su reserva {vorgangnr} ({trip}).',
      outro: 'Si tiene alguna pregunta, responda simplemente a este correo.',
    },
    ru: {
      subject: 'Ваши документы по брони {vorgangnr}: {trip}',
      intro: 'во вложении документы по вашей брони {vorgangnr} ({trip}).',
      outro: 'Если у вас есть вопросы, просто ответьте на это письмо.',
    },
  },
  waitlistOffer: {
    en: {
      subject: 'A place has become free: {trip}',
      intro:
        'good news: a place has become free on {trip}, for which you are on the waiting list. We hold it for you as an option.',
      outro:
        'The option is held for {hours} hours. Please confirm your booking within that time; afterwards the place is offered to the next person on the waiting list.',
    },
    de: {
      subject: 'Ein Platz ist frei geworden: {trip}',
      intro:
        'gute Nachricht: Auf der Reise {trip}, für die Sie auf der Warteliste stehen, ist ein Platz frei geworden. Wir halten ihn als Option für Sie bereit.',
      outro:
        'Die Option gilt {hours} Stunden. Bitte bestätigen Sie Ihre Buchung in dieser Zeit; danach bieten wir den Platz dem Nächsten auf der Warteliste an.',
    },
    es: {
      subject: 'Se ha liberado una plaza: {trip}',
      intro:
        'buenas noticias: se ha liberado una plaza en {trip}, para el que está en lista de espera. Se la reservamos como opción.',
      outro:
        'La opción se mantiene durante {hours} horas. Confirme su reserva en ese plazo; después, la plaza se ofrecerá a la siguiente persona de la lista de espera.',
    },
    ru: {
      subject: 'Освободилось место: {trip}',
      intro:
        'хорошая новость: в поездке {trip}, на которую вы стоите в листе ожидания, освободилось место. Мы держим его для вас как опцию.',
      outro:
        'Опция действует {hours} ч. Пожалуйста, подтвердите бронирование в течение этого времени; после этого место будет предложено следующему в листе ожидания.',
    },
  },
  verify: {
    en: {
      subject: 'Please confirm your e-mail address',
      intro: 'Thank you for registering with {brand}. Please confirm your e-mail address to activate your account.',
      action: 'Confirm e-mail address',
      outro: 'The link is valid for {hours} hours. If you did not register, you can ignore this mail.',
    },
    de: {
      subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      intro:
        'vielen Dank für Ihre Registrierung bei {brand}. Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Konto zu aktivieren.',
      action: 'E-Mail-Adresse bestätigen',
      outro:
        'Der Link ist {hours} Stunden gültig. Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
    },
    es: {
      subject: 'Confirme su dirección de correo electrónico',
      intro: 'Gracias por registrarse en {brand}. Confirme su dirección de correo electrónico para activar su cuenta.',
      action: 'Confirmar correo electrónico',
      outro: 'El enlace es válido durante {hours} horas. Si no se ha registrado, puede ignorar este mensaje.',
    },
    ru: {
      subject: 'Подтвердите адрес электронной почты',
      intro:
        'Спасибо за регистрацию в {brand}. Подтвердите адрес электронной почты, чтобы активировать учетную запись.',
      action: 'Подтвердить адрес',
      outro: 'Ссылка действительна {hours} ч. Если вы не регистрировались, просто проигнорируйте это письмо.',
    },
  },
  activate: {
    en: {
      subject: 'Your account at {brand}',
      intro: 'an account has been set up for you at {brand}. Choose your password to activate it.',
      action: 'Choose password',
      outro: 'The link is valid for {hours} hours. If it has expired, ask us to send a new one.',
    },
    de: {
      subject: 'Ihr Zugang bei {brand}',
      intro: 'für Sie wurde ein Zugang bei {brand} eingerichtet. Wählen Sie Ihr Passwort, um ihn zu aktivieren.',
      action: 'Passwort festlegen',
      outro: 'Der Link ist {hours} Stunden gültig. Ist er abgelaufen, senden wir Ihnen gern einen neuen.',
    },
    es: {
      subject: 'Su cuenta en {brand}',
      intro: 'se ha creado una cuenta para usted en {brand}. Elija su contraseña para activarla.',
      action: 'Elegir contraseña',
      outro: 'El enlace es válido durante {hours} horas. Si ha caducado, le enviaremos uno nuevo.',
    },
    ru: {
      subject: 'Ваша учетная запись в {brand}',
      intro: 'для вас создана учетная запись в {brand}. Задайте пароль, чтобы активировать ее.',
      action: 'Задать пароль',
      outro: 'Ссылка действительна {hours} ч. Если срок истек, мы пришлем новую.',
    },
  },
  invite: {
    en: {
      subject: 'Your driver access at {brand}',
      intro: 'you have been set up as a driver at {brand}. Choose your password to use the app.',
      action: 'Choose password',
      outro: 'The link is valid for {hours} hours.',
    },
    de: {
      subject: 'Ihr Fahrerzugang bei {brand}',
      intro: 'Sie wurden bei {brand} als Fahrer eingerichtet. Wählen Sie Ihr Passwort, um die App zu nutzen.',
      action: 'Passwort festlegen',
      outro: 'Der Link ist {hours} Stunden gültig.',
    },
    es: {
      subject: 'Su acceso de conductor en {brand}',
      intro: 'ha sido dado de alta como conductor en {brand}. Elija su contraseña para usar la aplicación.',
      action: 'Elegir contraseña',
      outro: 'El enlace es válido durante {hours} horas.',
    },
    ru: {
      subject: 'Ваш доступ водителя в {brand}',
      intro: 'вы зарегистрированы как водитель в {brand}. Задайте пароль, чтобы пользоваться приложением.',
      action: 'Задать пароль',
      outro: 'Ссылка действительна {hours} ч.',
    },
  },
  reset: {
    en: {
      subject: 'Reset your password',
      intro: 'we received a request to reset the password of your {brand} account.',
      action: 'Choose a new password',
      outro:
        'The link is valid for {hours} hours. If you did not ask for this, you can ignore this mail; your password stays as it is.',
    },
    de: {
      subject: 'Passwort zurücksetzen',
      intro: 'wir haben eine Anfrage erhalten, das Passwort Ihres {brand}-Kontos zurückzusetzen.',
      action: 'Neues Passwort wählen',
      outro:
        'Der Link ist {hours} Stunden gültig. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
    },
    es: {
      subject: 'Restablecer su contraseña',
      intro: 'hemos recibido una solicitud para restablecer la contraseña de su cuenta de {brand}.',
      action: 'Elegir una nueva contraseña',
      outro:
        'El enlace es válido durante {hours} horas. Si no lo ha solicitado, ignore este mensaje; su contraseña no cambia.',
    },
    ru: {
      subject: 'Сброс пароля',
      intro: 'мы получили запрос на сброс пароля вашей учетной записи {brand}.',
      action: 'Выбрать новый пароль',
      outro:
        'Ссылка действительна {hours} ч. Если вы не запрашивали сброс, проигнорируйте письмо: пароль останется прежним.',
    },
  },
  passwordChanged: {
    en: {
      subject: 'Your password has been changed',
      intro:
        'the password of your {brand} account has just been changed. If that was you, there is nothing to do. If it was not, disable your account at once:',
      action: 'Disable my account',
      outro: 'The link is valid for {hours} hours. Then contact us.',
    },
    de: {
      subject: 'Ihr Passwort wurde geändert',
      intro:
        'das Passwort Ihres {brand}-Kontos wurde soeben geändert. Waren Sie das, ist nichts zu tun. Wenn nicht, sperren Sie Ihr Konto sofort:',
      action: 'Mein Konto sperren',
      outro: 'Der Link ist {hours} Stunden gültig. Melden Sie sich danach bitte bei uns.',
    },
    es: {
      subject: 'Su contraseña ha cambiado',
      intro:
        'la contraseña de su cuenta de {brand} se acaba de cambiar. Si ha sido usted, no tiene que hacer nada. Si no, bloquee su cuenta de inmediato:',
      action: 'Bloquear mi cuenta',
      outro: 'El enlace es válido durante {hours} horas. Después, póngase en contacto con nosotros.',
    },
    ru: {
      subject: 'Ваш пароль изменен',
      intro:
        'пароль вашей учетной записи {brand} только что был изменен. Если это были вы, ничего делать не нужно. Если нет, немедленно заблокируйте учетную запись:',
      action: 'Заблокировать учетную запись',
      outro: 'Ссылка действительна {hours} ч. Затем свяжитесь с нами.',
    },
  },
  deleteRequest: {
    en: {
      subject: 'Confirm the deletion of your account',
      intro:
        'we received a request to delete your {brand} account. Deleting it removes your personal data for good and cannot be undone.',
      action: 'Delete my account',
      outro: 'The link is valid for {hours} hours. If you did not ask for this, ignore this mail; your account stays.',
    },
    de: {
      subject: 'Löschung Ihres Kontos bestätigen',
      intro:
        'wir haben eine Anfrage erhalten, Ihr {brand}-Konto zu löschen. Dabei werden Ihre persönlichen Daten endgültig entfernt; das kann nicht rückgängig gemacht werden.',
      action: 'Mein Konto löschen',
      outro:
        'Der Link ist {hours} Stunden gültig. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Konto bleibt bestehen.',
    },
    es: {
      subject: 'Confirme la eliminación de su cuenta',
      intro:
        'hemos recibido una solicitud para eliminar su cuenta de {brand}. Se borrarán sus datos personales de forma definitiva y no se puede deshacer.',
      action: 'Eliminar mi cuenta',
      outro:
        'El enlace es válido durante {hours} horas. Si no lo ha solicitado, ignore este mensaje; su cuenta se mantiene.',
    },
    ru: {
      subject: 'Подтвердите удаление учетной записи',
      intro:
        'мы получили запрос на удаление вашей учетной записи {brand}. Ваши персональные данные будут удалены безвозвратно.',
      action: 'Удалить учетную запись',
      outro:
        'Ссылка действительна {hours} ч. Если вы не запрашивали удаление, проигнорируйте письмо: учетная запись сохранится.',
    },
  },
  deleted: {
    en: {
      subject: 'Your account has been deleted',
      intro: 'your {brand} account and the personal data stored with it have been deleted as you asked.',
      outro: 'Thank you for travelling with us. You are welcome to register again at any time.',
    },
    de: {
      subject: 'Ihr Konto wurde gelöscht',
      intro: 'Ihr {brand}-Konto und die dazu gespeicherten persönlichen Daten wurden wie gewünscht gelöscht.',
      outro: 'Vielen Dank, dass Sie mit uns gereist sind. Sie können sich jederzeit wieder registrieren.',
    },
    es: {
      subject: 'Su cuenta ha sido eliminada',
      intro: 'su cuenta de {brand} y los datos personales asociados se han eliminado como solicitó.',
      outro: 'Gracias por viajar con nosotros. Puede volver a registrarse cuando quiera.',
    },
    ru: {
      subject: 'Ваша учетная запись удалена',
      intro: 'ваша учетная запись {brand} и связанные с ней персональные данные удалены по вашему запросу.',
      outro: 'Спасибо, что путешествовали с нами. Вы можете снова зарегистрироваться в любое время.',
    },
  },
  shareRequest: {
    en: {
      subject: '{person} would like to see your trip in the app',
      intro:
        '{person} has entered your booking {vorgangnr} ({trip}) in the {brand} app and would like to see the trip there. Please confirm or decline the request in the app.',
      action: 'Open the trip',
      outro: 'If you do not know {person}, simply decline the request.',
    },
    de: {
      subject: '{person} möchte Ihre Reise in der App sehen',
      intro:
        '{person} hat Ihre Buchung {vorgangnr} ({trip}) in der App von {brand} eingegeben und möchte die Reise dort sehen. Bitte bestätigen oder lehnen Sie die Anfrage in der App ab.',
      action: 'Reise öffnen',
      outro: 'Wenn Sie {person} nicht kennen, lehnen Sie die Anfrage einfach ab.',
    },
    es: {
      subject: '{person} quiere ver su viaje en la app',
      intro:
        '{person} ha introducido su reserva {vorgangnr} ({trip}) en la app de {brand} y quiere ver el viaje allí. Confirme o rechace la solicitud en la app.',
      action: 'Abrir el viaje',
      outro: 'Si no conoce a {person}, simplemente rechace la solicitud.',
    },
    ru: {
      subject: '{person} хочет видеть вашу поездку в приложении',
      intro:
        '{person} ввёл(а) ваше бронирование {vorgangnr} ({trip}) в приложении {brand} и хочет видеть поездку. Подтвердите или отклоните запрос в приложении.',
      action: 'Открыть поездку',
      outro: 'Если вы не знаете {person}, просто отклоните запрос.',
    },
  },
  newsletterConfirm: {
    en: {
      subject: 'Please confirm your newsletter subscription to {brand}',
      intro:
        'you (or someone using your address) asked to receive the {brand} newsletter. Please confirm with the button below; the link is valid for {hours} hours.',
      action: 'Confirm subscription',
      outro: 'If you did not ask for this, simply ignore this mail: you will not receive any newsletter.',
    },
    de: {
      subject: 'Bitte bestätigen Sie Ihre Newsletter-Anmeldung bei {brand}',
      intro:
        'Sie (oder jemand mit Ihrer Adresse) möchten den Newsletter von {brand} erhalten. Bitte bestätigen Sie die Anmeldung mit dem Button unten; der Link gilt {hours} Stunden.',
      action: 'Anmeldung bestätigen',
      outro:
        'Falls Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail einfach: Sie erhalten dann keinen Newsletter.',
    },
    es: {
      subject: 'Confirme su suscripción al boletín de {brand}',
      intro:
        'usted (o alguien con su dirección) ha solicitado recibir el boletín de {brand}. Confírmelo con el botón de abajo; el enlace es válido durante {hours} horas.',
      action: 'Confirmar suscripción',
      outro: 'Si no lo ha solicitado, ignore este correo: no recibirá ningún boletín.',
    },
    ru: {
      subject: 'Подтвердите подписку на рассылку {brand}',
      intro:
        'вы (или кто-то с вашим адресом) хотите получать рассылку {brand}. Подтвердите подписку кнопкой ниже; ссылка действительна {hours} ч.',
      action: 'Подтвердить подписку',
      outro: 'Если вы не подписывались, просто проигнорируйте это письмо: рассылку вы не получите.',
    },
  },
};
