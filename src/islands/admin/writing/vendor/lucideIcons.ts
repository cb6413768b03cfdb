/**
 * The icons the Markdown editor's toolbar uses, each from its own module: importing them from
 * `lucide-react` by name makes the bundler read all of its 4,800 icon modules on every build
 * (astro.config.mjs points the editor's `lucide-react` here). A build fails if the editor asks for one not listed.
 */
export { default as Upload } from 'lucide-react/icons/upload';
export { default as Trash2 } from 'lucide-react/icons/trash-2';
export { default as X } from 'lucide-react/icons/x';
export { default as SquareSigma } from 'lucide-react/icons/square-sigma';
export { default as ChartArea } from 'lucide-react/icons/chart-area';
export { default as ListTree } from 'lucide-react/icons/list-tree';
export { default as CodeXml } from 'lucide-react/icons/code-xml';
export { default as Eye } from 'lucide-react/icons/eye';
export { default as View } from 'lucide-react/icons/view';
export { default as Expand } from 'lucide-react/icons/expand';
export { default as Shrink } from 'lucide-react/icons/shrink';
export { default as Maximize2 } from 'lucide-react/icons/maximize-2';
export { default as Minimize2 } from 'lucide-react/icons/minimize-2';
export { default as SquareCode } from 'lucide-react/icons/square-code';
export { default as Save } from 'lucide-react/icons/save';
export { default as Forward } from 'lucide-react/icons/forward';
export { default as Reply } from 'lucide-react/icons/reply';
export { default as Table } from 'lucide-react/icons/table';
export { default as Image } from 'lucide-react/icons/image';
export { default as Link } from 'lucide-react/icons/link';
export { default as Code } from 'lucide-react/icons/code';
export { default as ListTodo } from 'lucide-react/icons/list-todo';
export { default as ListOrdered } from 'lucide-react/icons/list-ordered';
export { default as List } from 'lucide-react/icons/list';
export { default as Quote } from 'lucide-react/icons/quote';
export { default as Superscript } from 'lucide-react/icons/superscript';
export { default as Subscript } from 'lucide-react/icons/subscript';
export { default as Heading } from 'lucide-react/icons/heading';
export { default as Strikethrough } from 'lucide-react/icons/strikethrough';
export { default as Italic } from 'lucide-react/icons/italic';
export { default as Underline } from 'lucide-react/icons/underline';
export { default as Bold } from 'lucide-react/icons/bold';
