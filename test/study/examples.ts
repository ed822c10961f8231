/** Two small lectures written for these tests (not the held-out fixture): one of physics, one of art history. */
import type { Note } from '../../src/domain/notebook.js';

export const ELECTRICIDAD: Note[] = [
  { id: 1, semana: 3, tema: 'Tema 3. Corriente eléctrica', texto: 'Tema 3. Corriente eléctrica\nApuntes de clase, semana 3 (2–6 de febrero de 2026)\nGrado en Química · Física general' },
  { id: 2, semana: 3, tema: '1. Intensidad de corriente', texto: 'La **intensidad de corriente** es la cantidad de carga que atraviesa una sección del conductor por unidad de tiempo. Se mide en amperios con un aparato llamado amperímetro, que se conecta en serie con el circuito.\n\nI = Q / t\n\ndonde Q es la carga que pasa y t es el tiempo que tarda en pasar.' },
  { id: 3, semana: 3, tema: '2. Ley de Ohm', texto: 'La ley de Ohm dice que la intensidad que recorre un conductor es proporcional a la diferencia de potencial entre sus extremos. La constante de proporcionalidad es la resistencia del conductor, que se mide en ohmios.\n\nV = I · R\n\nUn conductor que cumple esta ley se llama óhmico; los semiconductores y las lámparas de filamento no lo cumplen. Pasamos a voltios: V = 12 V y R = 4 ohm.' },
  { id: 4, semana: 3, tema: '3. Potencia eléctrica', texto: 'Llamamos potencia eléctrica a la energía que consume un aparato en cada segundo de funcionamiento. En un conductor óhmico toda esa energía se disipa como calor, lo que se conoce como efecto Joule.\n\nP = V · I\n\nUna bombilla de 60 vatios consume sesenta julios en cada segundo. Una resis tencia del circuito se calien' },
];

export const BARROCO: Note[] = [
  { id: 11, semana: 7, tema: 'El Barroco', texto: 'El Barroco es un movimiento artístico que nace en Roma a finales del siglo XVI y se extiende por Europa durante el siglo XVII. Busca conmover al espectador con el movimiento, el contraste de luces y sombras y la emoción.' },
  { id: 12, semana: 7, tema: 'Caravaggio', texto: 'En 1599, Caravaggio pintó La vocación de san Mateo para la capilla Contarelli de Roma. Se llama tenebrismo a la técnica que ilumina con violencia las figuras sobre un fondo casi negro. Caravaggio la usó en casi todas sus obras de madurez.' },
  { id: 13, semana: 7, tema: 'Velázquez', texto: 'Diego Velázquez fue el pintor de cámara de Felipe IV. En 1656 terminó Las Meninas, un cuadro sobre la propia pintura en el que el pintor se retrata trabajando. La perspectiva aérea consiste en pintar más borrosos y azulados los objetos lejanos para sugerir el aire que hay entre ellos.' },
  { id: 15, semana: 7, tema: 'Rubens', texto: 'Pedro Pablo Rubens (1577–1640) fue el gran pintor del Barroco flamenco. Su cuadro «El descendimiento de la cruz» llena la escena de cuerpos en diagonal. La pintura flamenca se caracteriza por el detalle minucioso de las telas y los objetos. Entendemos por *claroscuro* el contraste marcado entre zonas iluminadas y zonas en sombra.' },
  { id: 14, semana: 8, tema: 'El Rococó', texto: 'El Rococó es un estilo decorativo que sucede al Barroco en Francia hacia 1730. Prefiere los colores pastel, las curvas y los temas amables de la vida aristocrática.' },
];
