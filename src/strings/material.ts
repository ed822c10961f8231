/**
 * What the student reads about importing their material (a PDF, a text file, a photo of a page):
 * the proposal before saving, its buttons, and one sentence for each file that cannot be read.
 */
import type { MaterialProblem } from '../tools/material/errors.js';
import type { MaterialKind } from '../tools/material/sniff.js';

const KIND_WORDS: Readonly<Record<MaterialKind, string>> = Object.freeze({
  texto: 'un texto',
  pdf: 'un PDF',
  imagen: 'una foto',
});

export const MATERIAL = Object.freeze({
  problem(p: MaterialProblem): string {
    switch (p.kind) {
      case 'demasiado_grande':
        return `Ese archivo pesa ${(p.bytes / 1024 / 1024).toFixed(1)} MB y como mucho leo 20 MB: divídelo en partes y mándamelas por separado.`;
      case 'demasiadas_paginas':
        return `Ese PDF tiene ${p.pages} páginas y como mucho leo 300: mándamelo en partes.`;
      case 'pdf_cifrado':
        return 'Ese PDF está protegido con contraseña: guárdalo de nuevo sin contraseña y vuelve a mandármelo.';
      case 'pdf_roto':
        return 'No puedo abrir ese PDF porque parece dañado: prueba a exportarlo otra vez.';
      case 'vacio':
        return 'No encuentro texto en ese archivo: está vacío.';
      case 'no_coincide':
        return `«${p.name}» no es ${KIND_WORDS[p.named]} aunque lo diga el nombre: comprueba que me mandas el archivo correcto.`;
      case 'no_admitido':
        return `No sé leer «${p.name}»: mándame un PDF, un texto o una foto de la página.`;
      case 'docx':
        return `Todavía no leo documentos de Word como «${p.name}»: guárdalo como PDF y mándamelo.`;
      case 'ruido':
        return 'En esa imagen no distingo texto, solo manchas: hazle una foto más nítida, de frente y con buena luz.';
    }
  },
});
